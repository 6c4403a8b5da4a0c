# Polskie nagłówki, podpisy i teksty sprawozdania (render/), w terminologii
# sprawozdania P. Klucz = wartość (LaTeX, jedna linia); symbole zastępcze
# jak w strings.en.
latex.babel = polish
latex.decimal = ,

title = Mnożenie macierzy na procesorze graficznym
subtitle = Sprawozdanie z pomiarów: wersje kernela, transfery host--urządzenie i przepustowość pamięci
title.footer = Wygenerowano programem mmreport @@VERSION@@ z bazy danych \texttt{@@DB@@}.\\ Pomiary: @@DATES@@ (UTC).

method.title = Metoda pomiarów
method.intro = Sprawozdanie wygenerował program mmreport @@VERSION@@ wyłącznie na podstawie bazy danych \texttt{@@DB@@}. Obejmuje ono sesje pomiarowe (@@NSESS@@) na urządzeniach (@@NDEV@@); dla każdego urządzenia i każdej konfiguracji pokazano najnowszy pomiar. Dodatek~\ref{app:sessions} podaje sesje i ich ustawienia.
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
sess.status.aborted = przerwana (proces pomiarowy zakończony)
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
versions.absent = Baza nie zawiera pomiarów wersji kernela.
versions.kernel = Wersja \texttt{@@NAME@@}
versions.nodesc = Baza nie zawiera opisu tego kernela.
versions.source = Kod źródłowy \texttt{@@NAME@@} w postaci mierzonej (zapisany w sesji @@SESSION@@):
versions.nosource = Baza nie zawiera kodu źródłowego tego kernela.
versions.nodata = Żadna konfiguracja tego kernela nie została poprawnie zmierzona na tym urządzeniu.
versions.table = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@ według rozmiaru macierzy $n$ i rozmiaru bloku; mediana z @@N@@ próbek na konfigurację.
versions.stats = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@: statystyki według rozmiaru bloku i rozmiaru macierzy; $n$: liczba próbek.
versions.counters_intro = GIPS i CGMA ze sprawozdania~P pochodzą z liczników sprzętowych: po próbkach czasowych konfiguracji jeszcze jedno uruchomienie tego samego kernela na tych samych buforach jest powtarzane pod profilerem zakresów CUPTI (\texttt{mmreport measure -{}-counters}); są to pojedyncze odczyty, nie próbki. GIPS: wykonane instrukcje warpów na sekundę, w $10^9$/s (\texttt{smsp\_\_inst\_executed} przez czas profilowanego uruchomienia). CGMA: operacje zmiennoprzecinkowe pojedynczej precyzji (2 na FFMA, 1 na FADD i FMUL, liczone na wątek) na jeden dostęp do pamięci globalnej, przy czym dostępem jest jedna instrukcja odczytu lub zapisu pamięci globalnej wykonana przez warp, tak jak profiler ze sprawozdania~P liczył żądania odczytu i zapisu. Każde profilowane przejście zaczyna się od zimnych, pustych pamięci podręcznych: najpierw w przejściu działa czyszczenie L2 (odczyt trzykrotności L2, a potem odrzucenie tych linii), w osobnym, pomijanym zakresie, tak jak Nsight Compute z \texttt{-{}-cache-control all} opróżnia pamięci przed każdym przejściem; ruch DRAM na wykresie roofline jest więc ruchem samego kernela.
versions.counters_none = Baza nie zawiera liczników sprzętowych: pomiar wykonano bez \texttt{-{}-counters}, dlatego tabele GIPS i CGMA ze sprawozdania~P pominięto.
versions.counters_unavailable = Tabele GIPS i CGMA ze sprawozdania~P pominięto: pomiar żądał liczników sprzętowych, ale nie dało się ich odczytać (@@WHY@@).
versions.counters_missing = Baza nie zawiera liczników sprzętowych tego kernela na tym urządzeniu (przebieg liczników zawiódł lub się nie odbył), dlatego jego tabele GIPS i CGMA pominięto.
versions.counter_table = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@ według rozmiaru macierzy $n$ i rozmiaru bloku, z liczników sprzętowych (jedno profilowane uruchomienie na konfigurację).

occ.caption = Teoretyczna zajętość multiprocesora (SM) przez \texttt{@@NAME@@}@@DEV@@; ostatnia kolumna podaje ograniczenia karty.
occ.note = Limit bloków: ile bloków na SM dopuszcza dany zasób; decyduje najmniejszy z nich. Rejestry na blok: na wątek razy liczba wątków, przed zaokrągleniem przy przydziale.
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
occ.regs_per_block = Rejestry na blok
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
# Issue 11, kernel versions (report P): the main body's tables, figure
# and findings, the appendix's trimmed listings (render/sec_versions.c,
# render/facts_versions.c).
vers.intro = Każda wersja oblicza $C = AB$ dla kwadratowych macierzy $n \times n$ pojedynczej precyzji z blokami $b \times b$ wątków i robi jeden krok dalej niż wersja poprzednia, jak w sprawozdaniu~P; wzorcem jest SGEMM z biblioteki (\texttt{cublas}).
vers.intro_app = Dodatek~\ref{app:versions} podaje kod źródłowy każdego kernela i każdą zmierzoną konfigurację.
vers.item = \texttt{@@NAME@@}: @@DESC@@.
vers.occ_title = Zajętość
vers.occ_text = Teoretyczna zajętość multiprocesora (SM) przez każdą wersję i rozmiar bloku, według atrybutów skompilowanych kerneli, oraz to, co siatka największego zmierzonego rozmiaru zajmuje z karty: pełny SM mówi niewiele, gdy siatka zostawia pozostałe SM bezczynne.
vers.occ_caption = Teoretyczna zajętość według wersji i rozmiaru bloku@@DEV@@ oraz siatka przy największym zmierzonym rozmiarze $n$.
vers.occ.version = Wersja
vers.occ.block = Blok
vers.occ.regs = Rejestry
vers.occ.smem = Współdz. [B]
vers.occ.blocks = Bloki/SM
vers.occ.occ = Zajęt. [\%]
vers.occ.limit = Limit
vers.occ.grid = Siatka
vers.occ.sms = SM
vers.occ_note = Zajęt.: aktywne osnowy na SM względem największej liczby, jaką SM mieści, o ile siatka ma dla niego bloki; Limit: zasób ograniczający liczbę bloków na SM. Rejestry: rejestry na wątek. Siatka: bloki jednego uruchomienia przy danym $n$; SM: multiprocesory, które dostają blok, spośród @@SMS@@.
vers.lim.warps = osn.
vers.lim.registers = rej.
vers.lim.shared memory = pam.~wsp.
vers.lim.blocks per SM = bloki
vers.every_gpu = (taka sama dla każdej karty)
vers.all_l2 = Każdy zbiór roboczy mieści się tu w pamięci podręcznej L2; komórek nie oznaczono z tego powodu.
vers.occ_grid_one = \texttt{@@V@@} uruchamia jeden blok niezależnie od rozmiaru: pracuje jeden z @@SMS@@~SM, a pozostałe stoją bezczynnie, więc powyższa zajętość dotyczy tego jednego SM, a nie całej karty.
vers.occ_grid_few = Przy $n = @@N@@$ siatka \texttt{@@V@@} z blokami @@BLOCK@@ ma @@GRID@@~bloków: pracuje tylko @@USED@@ z @@SMS@@~SM.
vers.perf_title = Wydajność
vers.perf_text = Dla każdej karty i rozmiaru macierzy: każda wersja przy najlepszym rozmiarze bloku (najwyższa mediana GFLOP/s spośród zmierzonych bloków) oraz biblioteka. Oznaczona wartość została zmierzona w reżimie, który pokazuje ona obok szybkości kernela (uwagi mówią, w jakim); wnioski pomijają takie wartości przy ,,najlepszym'' i ,,\% szczytu''.
vers.tab_best = @@METRIC@@ każdej wersji przy najlepszym rozmiarze bloku oraz biblioteki@@DEV@@: mediana z @@N@@ próbek; pod każdą wartością jej rozmiar bloku.
vers.tab_same = @@METRIC@@@@DEV@@ konfiguracji z tabeli~@@REF@@: mediana z @@N@@ próbek.
vers.tab_counter = @@METRIC@@@@DEV@@ konfiguracji z tabeli~@@REF@@, z liczników sprzętowych (jedno profilowane uruchomienie na konfigurację).
vers.ci_note = \(\pm\): większa połowa 95-procentowego przedziału ufności mediany (statystyki pozycyjne surowych próbek), w \% mediany.
vers.ci_some = \(\pm\): większa połowa 95-procentowego przedziału ufności mediany (statystyki pozycyjne surowych próbek), w \% mediany; brak tam, gdzie surowych próbek nie zapisano.
vers.note_same = Oznaczenia jak pod tabelą~@@REF@@.
vers.note_same_ci = Oznaczenia i \(\pm\) jak pod tabelą~@@REF@@.
vers.ci_none = 95-procentowe przedziały ufności median są niedostępne: baza nie przechowuje surowych próbek tych konfiguracji.
vers.fig_caption = Wydajność [GFLOP/s] każdej wersji przy najlepszym rozmiarze bloku oraz biblioteki w funkcji rozmiaru macierzy (mediany; oś jest logarytmiczna, gdy wartości obejmują więcej niż rząd wielkości).
vers.source_trimmed = Kernel \texttt{@@NAME@@} w postaci mierzonej (zapisany w sesji @@SESSION@@) wraz z funkcjami urządzenia i makrami, których używa; kod uruchamiający po stronie hosta pominięto.
vers.app_intro = Dla każdej wersji: jej opis, kod źródłowy kernela, tabela zajętości ze sprawozdania~P oraz mediana każdej mierzonej wielkości według rozmiaru macierzy (wiersze) i rozmiaru bloku (kolumny), wraz ze statystykami czasów kernela. W tabelach \textit{błąd} oznacza, że wynik nie przeszedł weryfikacji, \textit{pominięto} --- że urządzenie nie może wykonać konfiguracji, a -- --- że jej nie mierzono.
find.vers.sentence = @@TEXT@@
find.vers.dev = @@DEV@@: @@NUMS@@
find.vers.untested = Porównania podanego bez wartości $p$ nie dało się przetestować: baza nie przechowuje surowych próbek jego konfiguracji, więc słowa mówią jedynie, która mediana jest wyższa (test Manna--Whitneya wymaga próbek).
find.vers.why_one = , której jedyny blok zajmuje jeden z @@SMS@@~SM
find.vers.why_few = , której siatka z @@GRID@@~bloków zostawia część z @@SMS@@~SM bezczynną
find.vers.step.faster = Przy $n = @@N@@$ @@B@@ jest szybsza niż @@A@@@@WHY@@: @@NUMS@@.
find.vers.step.slower = Przy $n = @@N@@$ @@B@@ jest wolniejsza niż @@A@@@@WHY@@: @@NUMS@@.
find.vers.step.ns = Przy $n = @@N@@$ @@B@@ i @@A@@@@WHY@@ nie różnią się istotnie: @@NUMS@@.
find.vers.step.higher = Przy $n = @@N@@$ @@B@@ ma wyższą medianę niż @@A@@@@WHY@@: @@NUMS@@.
find.vers.step.lower = Przy $n = @@N@@$ @@B@@ ma niższą medianę niż @@A@@@@WHY@@: @@NUMS@@.
find.vers.step_v3_v4.faster = Wstępne ładowanie pomaga: przy $n = @@N@@$ @@B@@ jest szybsza niż @@A@@: @@NUMS@@.
find.vers.step_v3_v4.slower = Wstępne ładowanie nie pomaga: przy $n = @@N@@$ @@B@@ jest wolniejsza niż @@A@@: @@NUMS@@.
find.vers.step_v3_v4.ns = Wstępne ładowanie nie daje istotnej różnicy: przy $n = @@N@@$ @@B@@ wobec @@A@@: @@NUMS@@.
find.vers.step_v3_v4.higher = Wstępne ładowanie podnosi medianę: przy $n = @@N@@$ @@B@@ wobec @@A@@: @@NUMS@@.
find.vers.step_v3_v4.lower = Wstępne ładowanie obniża medianę: przy $n = @@N@@$ @@B@@ wobec @@A@@: @@NUMS@@.
find.vers.step.nums = @@GB@@ wobec @@GA@@~GFLOP/s (@@BB@@ i @@BA@@), przyspieszenie @@RATIO@@@@P@@
find.vers.step.nums_ms = @@MSA@@ wobec @@MSB@@~ms (@@GA@@ i @@GB@@~GFLOP/s; @@BA@@ i @@BB@@), przyspieszenie @@RATIO@@@@P@@
find.vers.best = Najszybszym własnym kernelem w reżimie ustalonym jest @@V@@ przy $n = @@N@@$: @@NUMS@@.
find.vers.best.nums = @@G@@~GFLOP/s (@@B@@), @@PREF@@ z @@GREF@@~GFLOP/s biblioteki @@LIB@@@@P@@; @@PPEAK@@ szczytu FP32, @@PEAK@@
find.vers.best.nums_noref = @@G@@~GFLOP/s (@@B@@; biblioteki nie zmierzono przy tym rozmiarze), @@PPEAK@@ szczytu FP32, @@PEAK@@
find.vers.peak_clk = @@PEAK@@~GFLOP/s przy zapisanym zegarze @@CLK@@~MHz
find.vers.peak_rated = @@PEAK@@~GFLOP/s przy zegarze nominalnym (zegara nie zapisano)
find.vers.nosteady = Żadna własna konfiguracja nie działała w reżimie ustalonym, więc żadnej nie nazwano najlepszą ani nie odniesiono do szczytu; najszybsza jest @@V@@ przy $n = @@N@@$ (@@NUMS@@), gdzie @@WHY@@.
find.vers.point.nums = @@G@@~GFLOP/s, @@B@@
find.vers.unsteady = @@V@@ jest szybsza przy $n = @@N@@$ (@@NUMS@@), ale nie liczy się jako najlepsza: @@WHY@@.
find.vers.top = Przy największym rozmiarze, przy którym własny kernel działał w reżimie ustalonym, a biblioteka też była mierzona, $n = @@N@@$, najszybszym własnym kernelem jest @@V@@: @@NUMS@@.
find.vers.top.nums = @@G@@ wobec @@GREF@@~GFLOP/s (@@B@@), @@PREF@@ biblioteki@@P@@
find.vers.blocks = Najlepszy rozmiar bloku przy największym $n$ każdej wersji, wobec następnego w kolejności: @@LIST@@.
find.vers.block.faster = @@V@@ @@B@@, przed @@B2@@ przy $n = @@N@@$ (@@NUMS@@)
find.vers.block.slower = @@V@@ @@B@@, za @@B2@@ przy $n = @@N@@$ (@@NUMS@@)
find.vers.block.ns = @@V@@ @@B@@, bez istotnej różnicy wobec @@B2@@ przy $n = @@N@@$ (@@NUMS@@)
find.vers.block.higher = @@V@@ @@B@@, wyższa mediana niż @@B2@@ przy $n = @@N@@$ (@@NUMS@@)
find.vers.block.lower = @@V@@ @@B@@, niższa mediana niż @@B2@@ przy $n = @@N@@$ (@@NUMS@@)
find.vers.block.nums = @@G@@ wobec @@G2@@~GFLOP/s@@P@@

problem.intro = Konfiguracje bez poprawnego pomiaru:
problem.item = @@WHAT@@: @@STATUS@@ --- @@REASON@@
cell.failed = \textit{błąd}
cell.skipped = \textit{pominięto}

metric.kernel = Czas obliczeń
metric.gflops = Wydajność
metric.gips = GIPS
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
sum.roof_counted = @@NAME@@ (liczniki)
sum.roofline_counted = Punkty oznaczone \emph{liczniki} są osiągnięte, nie nominalne: GFLOP/s z operacji FP32 zliczonych sprzętowo w czasie profilowanego uruchomienia, a na osi poziomej te operacje na bajt zliczonych odczytów i zapisów DRAM.

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

# Issue 11: the lab report's structure (title page, introduction,
# findings, regimes, conclusions, appendices).
title.author = Autor
title.course = Przedmiot
title.exercise = Ćwiczenie
title.date = Data
intro.title = Wstęp
intro.objectives = Sprawozdanie odpowiada, na podstawie pomiarów wymienionych niżej procesorów graficznych, na pytania odtwarzanych sprawozdań laboratoryjnych:
intro.obj.versions = \emph{Wersje kernela} (sprawozdanie~P): ile w GFLOP/s daje każdy krok od naiwnego kernela przez kafelki w pamięci współdzielonej, pobieranie z wyprzedzeniem i więcej pracy na wątek, oraz jak daleko najlepszy własny kernel pozostaje od cuBLAS i od szczytowej wydajności FP32.
intro.obj.transfer = \emph{Transfery i fazy} (sprawozdanie~G): na co idzie czas pełnego przebiegu (alokacja, kopiowanie, kernel, synchronizacja) i co dają pamięć hosta z blokowaniem stron (pinned) oraz kafelki w pamięci współdzielonej.
intro.obj.ilp = \emph{Przepustowość pamięci i ILP} (notatka~J): jak blisko szczytowej przepustowości pamięci dochodzi kernel kopiujący wraz ze wzrostem tablicy i czy pomaga więcej niezależnych kopii na wątek (ILP).
intro.obj.cross = \emph{Porównanie urządzeń}: te same konfiguracje na każdym procesorze graficznym, obok siebie.
intro.hardware = Sprzęt
hw.cc = CC
hw.sms = SM
hw.clock = {Zegar [MHz]}
hw.l2 = {L2 [MiB]}
hw.peak_fp32 = {FP32 [TFLOP/s]}
hw.peak_mem = {Pamięć [GB/s]}
hw.caption = Zmierzone procesory graficzne: możliwości obliczeniowe (CC), multiprocesory, zegar SM, pamięć podręczna L2 i teoretyczne wartości szczytowe. Dodatek~\ref{app:device} podaje wszystkie parametry.
sess.title = Sesje pomiarowe
versions.app_title = Wersje kernela: wszystkie dane
transfer.app_title = Transfery i fazy: wszystkie statystyki
ilp.app_title = Przepustowość pamięci i ILP: wszystkie dane
find.title = Wnioski z pomiarów
find.none = Dane tego eksperymentu nie pozwalają na żadne stwierdzenie (żadna konfiguracja nie została zmierzona poprawnie).
find.untested = nie testowano (brak surowych próbek)
regime.launch = krócej niż jedno uruchomienie kernela: czas to głównie koszt uruchomienia
regime.wave = siatka wypełnia mniej niż jedną falę procesora: część SM stoi bezczynnie
regime.l2 = zbiór roboczy mieści się w pamięci podręcznej L2: przepustowość pamięci podręcznej, nie pamięci urządzenia
regime.throttle = zegary były obniżone (moc lub temperatura)
regime.derived = Wyznaczone z zapisanych parametrów urządzenia (baza starsza niż zapis reżimu); takie punkty pominięto przy ,,najlepszym'' i ,,\% szczytu''.
regime.stored = Według zapisu z pomiaru; takie punkty pominięto przy ,,najlepszym'' i ,,\% szczytu''.
concl.title = Podsumowanie i wnioski
concl.intro = Ustalenia każdego sprawozdania źródłowego obok naszych, wraz z reżimem naszego pomiaru tam, gdzie tłumaczy różnicę.
