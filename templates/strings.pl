# Polskie nagłówki, podpisy i teksty sprawozdania (render/), w terminologii
# sprawozdania P. Klucz = wartość (LaTeX, jedna linia); symbole zastępcze
# jak w strings.en.
latex.babel = polish
latex.decimal = ,

title = Mnożenie macierzy na procesorze graficznym
subtitle = Sprawozdanie z pomiarów: wersje kernela, transfery host--urządzenie i przepustowość pamięci
title.footer = Wygenerowano programem mmreport @@VERSION@@ z bazy danych \texttt{@@DB@@}.\\ Pomiary: @@DATES@@ (UTC).

method.title = Metoda pomiarów
method.intro = Sprawozdanie wygenerował program mmreport @@VERSION@@ wyłącznie na podstawie bazy danych \texttt{@@DB@@}. Obejmuje ono sesje pomiarowe (@@NSESS@@) na urządzeniach (@@NDEV@@); dla każdego urządzenia i każdej konfiguracji pokazano najnowszy pomiar. Tabela sesji na końcu tego rozdziału podaje sesje i ich ustawienia.
method.sampling = Każdą konfigurację najpierw uruchamiano na rozgrzewkę (przebiegi: @@WARMUP@@), której nie rejestrowano. Następnie wykonywano do @@REPEAT@@ pomiarów; pomiary kończono wcześniej, gdy trwały już @@MAXTIME@@~s i zebrano co najmniej @@MINSAMPLES@@ próbek. Każda tabela podaje liczbę faktycznie zebranych próbek. Dane wejściowe są liczbami losowymi (ziarno @@SEED@@), nigdy stałymi.
method.timers = Użyte zegary: @@TIMERS@@.
method.verify = Wynik każdej konfiguracji sprawdzono względem niezależnego wyniku wzorcowego. Konfiguracja, której błąd względny przekracza tolerancję @@TOL@@, jest oznaczona jako \textit{błędna}, a jej czasy nigdy nie są przedstawiane jako wydajność. Największy błąd względny wśród poprawnych konfiguracji wynosi @@MAXERR@@. Konfiguracje błędne: @@NFAILED@@; pominięte (których urządzenie nie może wykonać; przyczyny podano przy każdym kernelu): @@NSKIPPED@@.
method.noerr = nie zapisano
method.nosession = Baza nie zawiera opisu sesji tych pomiarów, więc ich ustawienia nie są znane.
method.seed_each = zapisane dla każdej sesji, zob. tabela sesji
method.stats = Statystyki z $n$ próbek konfiguracji: minimum (Min), maksimum (Max), średnia arytmetyczna (Śr.), mediana oraz odchylenie standardowe z próby (Odch. std., z $n-1$ w mianowniku). Tabele czasu obliczeń, wydajności i przepustowości podają medianę, na którą nie wpływa kilka zakłóconych przebiegów.
method.flops = Liczenie operacji: iloczyn macierzy $m\times k$ i $k\times n$ to $2mnk$ operacji zmiennoprzecinkowych, czyli $2n^3$ dla macierzy kwadratowych (jedno mnożenie i jedno dodawanie na składnik), a GFLOP/s $= 2n^3/t$. Sprawozdanie~G liczyło $n^3$ (mnożenie z dodawaniem jako jedna operacja), więc jego wartości GFLOPS są o połowę mniejsze od naszych przy tym samym czasie~$t$.
method.gain = Zysk względny wariantu $b$ względem wariantu bazowego $a$: $g = (a-b)/a \cdot 100\,\%$, liczony osobno dla każdej statystyki. Dla czasów zysk dodatni oznacza, że $b$ trwa krócej (jest szybszy), ujemny --- że jest wolniejszy.
method.signif = Istotność: każdy zysk sprawdzono na zapisanych próbkach dwustronnym testem U Manna--Whitneya (przybliżenie normalne z poprawkami na rangi wiązane i ciągłość) na poziomie $\alpha = 0{,}05$; każda tabela zysków podaje wartość $p$. Zyski nieistotne ($p \ge 0{,}05$) wydrukowano na szaro i oznaczono~\nsmark. Gdy baza nie zawiera pojedynczych próbek (baza okrojona), testu nie można wykonać; takie zyski oznaczono~\ntmark{} (nie testowano, brak próbek).
method.absent = Baza nie zawiera pomiarów zestawów @@SUITES@@, więc ich rozdziały pominięto.

sess.caption = Sesje pomiarowe i ich ustawienia (gdzie podano dwie wartości: na początku / na końcu).
sess.setting = Ustawienie
sess.session = Sesja
sess.device = Urządzenie
sess.host = Komputer
sess.started = Początek (UTC)
sess.ended = Koniec (UTC)
sess.status = Stan
sess.tool = Wersja mmreport
sess.driver = Sterownik CUDA
sess.runtime = Środowisko CUDA
sess.cmdline = Wywołanie
sess.repeat = Najwięcej próbek
sess.warmup = Przebiegi rozgrzewkowe
sess.min_samples = Najmniej próbek
sess.max_time = Limit czasu konfiguracji [s]
sess.seed = Ziarno losowe
sess.suites = Zestawy
sess.timers = Zegary
sess.tolerance = Tolerancja weryfikacji
sess.samples = Pojedyncze próbki
sess.samples_all = zapisane wszystkie
sess.samples_none = niezapisane (baza okrojona)
sess.sm_clock = Zegar SM [MHz]
sess.mem_clock = Zegar pamięci [MHz]
sess.temp = Temperatura [\textdegree C]
sess.power = Moc [W]
sess.throttle = Przyczyny dławienia

device.title = Parametry karty graficznej
device.caption = Parametry badanych urządzeń według środowiska CUDA.
device.note = Wydajność szczytowa FP32: liczba SM $\times$ rdzenie FP32 na SM $\times$ 2 $\times$ zegar. Przepustowość szczytowa pamięci: 2 $\times$ zegar pamięci $\times$ szerokość szyny / 8.
device.param = Parametr
device.value = Wartość
device.peak_fp32 = Wydajność szczytowa FP32 [GFLOP/s]
device.peak_mem = Przepustowość szczytowa pamięci [GB/s]
prop.name = Nazwa
prop.uuid = UUID
prop.pci_bus_id = Identyfikator szyny PCI
prop.memory_type = Typ pamięci RAM
prop.total_global_mem = Pamięć globalna
prop.shared_mem_per_block = Pamięć współdzielona na blok
prop.shared_mem_per_block_optin = Pamięć współdzielona na blok (opt-in)
prop.shared_mem_per_sm = Pamięć współdzielona na multiprocesor
prop.regs_per_block = Rejestry na blok
prop.regs_per_sm = Rejestry na multiprocesor
prop.warp_size = Rozmiar osnowy (warp)
prop.mem_pitch = Maksymalny skok pamięci
prop.max_threads_per_block = Maksymalna liczba wątków w bloku
prop.max_block_dims = Maksymalne wymiary bloku (x, y, z)
prop.max_grid_dims = Maksymalne wymiary siatki (x, y, z)
prop.clock_rate = Zegar procesora
prop.memory_clock = Zegar pamięci
prop.memory_bus_width = Szerokość szyny pamięci
prop.mem_bus_width = Szerokość szyny pamięci
prop.l2_size = Pamięć podręczna L2
prop.const_mem = Pamięć stałych
prop.compute_capability = Zdolność obliczeniowa (compute capability)
prop.multiprocessor_count = Liczba multiprocesorów (SM)
prop.fp32_cores_per_sm = Rdzenie FP32 na multiprocesor
prop.cuda_cores = Rdzenie CUDA
prop.max_threads_per_sm = Maksymalna liczba wątków na multiprocesor
prop.max_blocks_per_sm = Maksymalna liczba bloków na multiprocesor
prop.texture_alignment = Wyrównanie tekstur
prop.async_engine_count = Silniki kopiowania
prop.concurrent_kernels = Współbieżne kernele
prop.kernel_exec_timeout = Limit czasu wykonania kernela
prop.ecc_enabled = ECC włączone
prop.integrated = Układ zintegrowany
prop.driver_version = Wersja sterownika
prop.runtime_version = Wersja środowiska
prop.memory_clock_rate = Zegar pamięci
prop.l2_cache_size = Pamięć podręczna L2
prop.total_const_mem = Pamięć stałych
prop.reserved_shared_mem_per_block = Zarezerwowana pamięć współdzielona na blok
prop.device_overlap = Nakładanie kopiowania i obliczeń
prop.unified_addressing = Ujednolicona przestrzeń adresowa
prop.managed_memory = Pamięć zarządzana
prop.compute_mode = Tryb obliczeń
prop.pci_ids = Identyfikatory PCI
value.yes = tak
value.no = nie

versions.title = Wersje kernela
versions.intro = Każda wersja oblicza $C = AB$ dla kwadratowych macierzy $n \times n$ pojedynczej precyzji, z blokami $b \times b$ wątków, jak w sprawozdaniu~P. Dla każdej wersji podano: opis i kod źródłowy, teoretyczną zajętość multiprocesora oraz medianę każdej mierzonej wielkości według rozmiaru macierzy (wiersze) i rozmiaru bloku (kolumny). W tabelach \textit{błąd} oznacza, że wynik nie przeszedł weryfikacji, \textit{pominięto} --- że urządzenie nie może wykonać konfiguracji, a -- --- że jej nie mierzono.
versions.absent = Baza nie zawiera pomiarów wersji kernela.
versions.kernel = Wersja \texttt{@@NAME@@}
versions.nodesc = Baza nie zawiera opisu tego kernela.
versions.source = Kod źródłowy \texttt{@@NAME@@} w postaci mierzonej (zapisany w sesji @@SESSION@@):
versions.nosource = Baza nie zawiera kodu źródłowego tego kernela.
versions.nodata = Żadna konfiguracja tego kernela nie została poprawnie zmierzona na tym urządzeniu.
versions.table = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@ według rozmiaru macierzy $n$ i rozmiaru bloku; mediana z @@N@@ próbek na konfigurację.
versions.stats = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@: statystyki według rozmiaru bloku i rozmiaru macierzy; $n$: liczba próbek.
versions.figure = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@ w funkcji rozmiaru macierzy, jedna linia na rozmiar bloku (mediana).
versions.compare = Porównanie wersji
versions.compare_text = Wszystkie wersje obok siebie, każda z najlepszym rozmiarem bloku dla danego rozmiaru macierzy (najwyższa mediana GFLOP/s spośród bloków), wraz z biblioteką wzorcową, jeśli zmierzono ją dla tego samego rozmiaru.
versions.compare_table = Wydajność [GFLOP/s] każdej wersji przy najlepszym rozmiarze bloku@@DEV@@ (mediana).
versions.compare_figure = Wydajność każdej wersji przy najlepszym rozmiarze bloku w funkcji rozmiaru macierzy@@DEV@@.

occ.caption = Teoretyczna zajętość multiprocesora (SM) przez \texttt{@@NAME@@}@@DEV@@; ostatnia kolumna podaje ograniczenia karty.
occ.note = Limit bloków: ile bloków na SM dopuszcza dany zasób; decyduje najmniejszy z nich.
occ.none = Baza nie zawiera atrybutów (zajętości) tego kernela.
occ.quantity = Wielkość
occ.gpu_limit = Limit karty
occ.active_blocks = Aktywne bloki na SM
occ.active_warps = Aktywne osnowy na SM
occ.active_threads = Aktywne wątki na SM
occ.occupancy = Zajętość [\%]
occ.threads_per_block = Wątki na blok
occ.warps_per_block = Osnowy na blok
occ.limit_warps = Limit bloków (osnowy)
occ.regs_per_thread = Rejestry na wątek
occ.regs_per_block = Rejestry na blok (przed zaokrągleniem)
occ.limit_regs = Limit bloków (rejestry)
occ.smem_per_block = Pamięć współdzielona na blok [B]
occ.limit_smem = Limit bloków (pamięć współdzielona)
occ.limit_blocks = Limit bloków (bloki na SM)
occ.limiter = Czynnik ograniczający
occ.limited_by = Bloki @@BLOCK@@ wątków: zajętość @@OCC@@\,\%, ograniczona przez: @@LIMITER@@.
limiter.warps = osnowy
limiter.registers = rejestry
limiter.shared memory = pamięć współdzielona
limiter.blocks per SM = bloki na SM

problem.intro = Konfiguracje bez poprawnego pomiaru:
problem.item = @@WHAT@@: @@STATUS@@ --- @@REASON@@
cell.failed = \textit{błąd}
cell.skipped = \textit{pominięto}

metric.kernel = Czas obliczeń
metric.gflops = Wydajność
metric.gips = Szybkość wykonywania instrukcji
metric.cgma = CGMA
metric.total = Cały przebieg (time*)
metric.malloc = Malloc
metric.memcpy_ab = Memcpy AB
metric.sync = Sync
metric.memcpy_c = Memcpy C
metric.free = Free
metric.gflops_kernel = GFLOP/s (kernel)
metric.gflops_total = GFLOP/s (cały przebieg)
metric.gbs = Przepustowość

transfer.title = Transfery i fazy przebiegu
transfer.intro = Każdy przebieg przydziela pamięć macierzy, kopiuje $A$ i $B$ do urządzenia, uruchamia kernel, synchronizuje, kopiuje $C$ z powrotem i zwalnia pamięć, jak w sprawozdaniu~G. Pamięć hosta jest stronicowana (malloc), przypięta (cudaMallocHost) albo przypięta tylko dla wyniku $C$ (jak w sprawozdaniu~G).
transfer.absent = Baza nie zawiera pomiarów zestawu transferów.
transfer.stats = Statystyki faz
transfer.phase = Faza
transfer.table = Fazy \texttt{@@NAME@@}, pamięć hosta: @@HOST@@, $n = @@SIZE@@$@@DEV@@.
transfer.where = Na co idzie czas
transfer.stacked = Udział każdej fazy w sumie średnich czasów faz \texttt{@@NAME@@}@@DEV@@ według rozmiaru macierzy, dla każdego rodzaju pamięci hosta.
gain.host_title = Zyski względne: pamięć hosta
gain.variant_title = Zyski względne: wariant kernela
gain.head = Zysk $(a-b)/a$ [\%]
gain.table_host = Zysk pamięci @@B@@ ($b$) względem @@A@@ ($a$) dla \texttt{@@FIXED@@}, $n = @@SIZE@@$@@DEV@@.
gain.table_variant = Zysk \texttt{@@B@@} ($b$) względem \texttt{@@A@@} ($a$), pamięć hosta: @@FIXED@@, $n = @@SIZE@@$@@DEV@@.
gain.note = Dodatni: $b$ trwa krócej. $p$: dwustronny test U Manna--Whitneya na pojedynczych próbkach. \nsmark~nieistotny na poziomie $\alpha = 0{,}05$ (szary); \ntmark~nie testowano (brak próbek).
gain.figure = Zysk średniej (Śr.) każdej fazy w funkcji rozmiaru macierzy: @@B@@ względem @@A@@, @@FIXED@@@@DEV@@.
host.pageable = stronicowana
host.pinned = przypięta
host.pinned-output = przypięta dla wyniku

ilp.title = Przepustowość pamięci i równoległość na poziomie instrukcji
ilp.intro = Kernel kopiujący przenosi $N$ liczb całkowitych; każdy wątek kopiuje ILP elementów, a każdy blok przenosi tyle samo elementów (notatka~J). Przepustowość liczy bajty odczytane i zapisane. Odniesieniem są kopiowanie memcpy między obszarami pamięci urządzenia i teoretyczna przepustowość szczytowa.
ilp.absent = Baza nie zawiera pomiarów zestawu ILP.
ilp.memcpy = memcpy
ilp.peak = szczyt teoretyczny
ilp.table = Przepustowość [GB/s] według rozmiaru tablicy $N$ i ILP@@DEV@@; mediana z @@N@@ próbek na konfigurację.
ilp.figure = Przepustowość kopiowania w funkcji rozmiaru tablicy, jedna linia na ILP, z memcpy w pamięci urządzenia i szczytem teoretycznym (kropkowany)@@DEV@@.

sum.title = Podsumowanie
sum.intro = Najlepsza konfiguracja każdego wariantu (najwyższa mediana) w porównaniu z biblioteką wzorcową (cuBLAS) dla tego samego rozmiaru macierzy oraz z teoretycznymi wartościami szczytowymi urządzenia.
sum.suite = Zestaw
sum.variant = Wariant
sum.config = Blok / pamięć
sum.gflops = GFLOP/s
sum.ref = cuBLAS
sum.pct_ref = \% cuBLAS
sum.pct_peak = \% szczytu
sum.pct_peak_mem = \% szczytu
sum.none = brak poprawnego pomiaru
sum.table = Najlepsza konfiguracja każdego wariantu@@DEV@@: mediana GFLOP/s (warianty transferu: faza kernela).
sum.note = cuBLAS: mediana GFLOP/s biblioteki dla tego samego rozmiaru macierzy; -- gdy jej nie zmierzono. \% szczytu: wydajności szczytowej FP32 urządzenia.
sum.bw_table = Najlepsza przepustowość każdego wariantu kopiowania@@DEV@@ (mediana); \% szczytu: teoretycznej przepustowości pamięci.
sum.roof = dach
sum.roofline = Model dachowy (roofline)@@DEV@@: intensywność arytmetyczna (FLOP na bajt niezbędnego ruchu do pamięci urządzenia) a osiągnięte GFLOP/s (mediana) każdej konfiguracji; dach to $\min(P_{\mathrm{FP32}}, I \cdot B_{\mathrm{mem}})$.

cross.title = Porównanie urządzeń
cross.single = Sprawozdanie obejmuje jedno urządzenie, więc nie ma czego porównywać.
cross.intro = Konfiguracje zmierzone na więcej niż jednym urządzeniu, obok siebie (mediana), z przyspieszeniem każdego urządzenia względem GPU~1. Urządzenia:
cross.none = Żadnej konfiguracji nie zmierzono na więcej niż jednym urządzeniu.
cross.speedup = Przyspieszenie względem GPU~1
cross.table = \texttt{@@SUITE@@}, \texttt{@@NAME@@}: @@METRIC@@ na każdym urządzeniu (mediana).
cross.figure = \texttt{@@SUITE@@}, \texttt{@@NAME@@}: @@METRIC@@ w funkcji rozmiaru na każdym urządzeniu (mediana).
cross.note_higher = Przyspieszenie $k/1$: wartość na GPU~$k$ podzielona przez wartość na GPU~1; powyżej 1 GPU~$k$ jest szybszy.
cross.note_lower = Przyspieszenie $k/1$: czas na GPU~1 podzielony przez czas na GPU~$k$; powyżej 1 GPU~$k$ jest szybszy.

axis.size = Rozmiar macierzy $n$
axis.count = Rozmiar tablicy $N$ [elementy]
axis.gflops = Wydajność [GFLOP/s]
axis.gbs = Przepustowość [GB/s]
axis.gain = Zysk średniej [\%]
axis.share = Udział w przebiegu [\%]
axis.intensity = Intensywność arytmetyczna [FLOP/B]
stat.min = Min
stat.max = Max
stat.avg = Śr.
stat.median = Mediana
stat.stddev = Odch.\ std.
word.block = blok
word.block_size = Rozmiar bloku
word.size = Rozmiar
word.unit = Jednostka
