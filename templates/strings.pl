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
versions.counters_intro = GIPS i CGMA ze sprawozdania~P pochodzą z liczników sprzętowych: po próbkach czasowych konfiguracji jeszcze jedno uruchomienie tego samego kernela na tych samych buforach jest powtarzane pod profilerem zakresów CUPTI (\texttt{mmreport measure -{}-counters}); są to pojedyncze odczyty, nie próbki. GIPS: wykonane instrukcje warpów na sekundę, w $10^9$/s (\texttt{smsp\_\_inst\_executed} przez czas profilowanego uruchomienia). CGMA: operacje zmiennoprzecinkowe pojedynczej precyzji (2 na FFMA, 1 na FADD i FMUL, liczone na wątek) na jeden dostęp do pamięci globalnej, przy czym dostępem jest jedna instrukcja odczytu lub zapisu pamięci globalnej wykonana przez warp, tak jak profiler ze sprawozdania~P liczył żądania odczytu i zapisu. Każde profilowane przejście zaczyna się od zimnych, pustych pamięci podręcznych: najpierw w przejściu działa czyszczenie L2 (odczyt trzykrotności L2, a potem odrzucenie tych linii), w osobnym, pomijanym zakresie, tak jak Nsight Compute z \texttt{-{}-cache-control all} opróżnia pamięci przed każdym przejściem; ruch DRAM na wykresie roofline jest więc ruchem samego kernela.
versions.counters_none = Baza nie zawiera liczników sprzętowych: pomiar wykonano bez \texttt{-{}-counters}, dlatego tabele GIPS i CGMA ze sprawozdania~P pominięto.
versions.counters_unavailable = Tabele GIPS i CGMA ze sprawozdania~P pominięto: pomiar żądał liczników sprzętowych, ale nie dało się ich odczytać (@@WHY@@).
versions.counters_missing = Baza nie zawiera liczników sprzętowych tego kernela na tym urządzeniu (przebieg liczników zawiódł lub się nie odbył), dlatego jego tabele GIPS i CGMA pominięto.
versions.counter_table = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@ według rozmiaru macierzy $n$ i rozmiaru bloku, z liczników sprzętowych (jedno profilowane uruchomienie na konfigurację).
versions.counter_figure = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@ w funkcji rozmiaru macierzy, jedna linia na rozmiar bloku (liczniki sprzętowe).

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
transfer.intro = Każdy przebieg, jak w sprawozdaniu~G, przydziela pamięć na $A$, $B$ i $C$ na hoście i na urządzeniu (Malloc), kopiuje $A$ i $B$ do urządzenia (Memcpy~AB), uruchamia kernel i czeka na jego zakończenie (Sync: od powrotu z wywołania kernela do końca oczekiwania), kopiuje $C$ z powrotem (Memcpy~C) i zwalnia pamięć (Free); cały przebieg (time*) obejmuje wszystkie te fazy. Czas samego kernela, mierzony przez GPU, mieści się w wywołaniu i w fazie Sync, więc nigdy nie jest do niej dodawany. Pamięć hosta jest stronicowana (malloc), przypięta (cudaMallocHost dla $A$, $B$ i $C$) albo przypięta dla wyniku (tylko $C$, jak w sprawozdaniu~G); kernele to \texttt{simple} (jeden wątek na element $C$) i \texttt{shared} (kafelki w pamięci współdzielonej). Nasze GFLOP/s liczą $2n^3$ operacji na iloczyn; GFLOPS sprawozdania~G liczyły $n^3$ (mnożenie z dodawaniem jako jedna operacja), więc przy tym samym czasie jego wartości są o połowę mniejsze od naszych. Czasy podano w ms.
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

# Issue 11, transfer (report G): the main body's tables, figures and
# findings (render/sec_transfer.c, render/facts_transfer.c).
xfer.samples = Próbki
xfer.metric_table = @@METRIC@@ [@@UNIT@@] według rozmiaru macierzy, kernela i pamięci hosta: mediana i jej przedział ufności 95\,\%@@DEV@@.
xfer.ci_note = W każdej komórce: mediana oraz, w \% jej wartości, jak daleko sięga jej przedział ufności 95\,\% w górę ($+$) i w dół ($-$) (statystyki pozycyjne surowych próbek, bez założeń o rozkładzie).
xfer.ci_note_some = W każdej komórce: mediana oraz, w \% jej wartości, jak daleko sięga jej przedział ufności 95\,\% w górę ($+$) i w dół ($-$) (statystyki pozycyjne surowych próbek, bez założeń o rozkładzie); brak przedziału, gdy próbek było mniej niż @@N@@ lub nie zapisano surowych próbek.
xfer.ci_note_ref = Mediana i zasięg jej przedziału ufności 95\,\% w \% jej wartości; objaśnienia jak w tabeli~\ref{@@REF@@}.
xfer.sync_beyond = Sync poza kernelem
xfer.shares = Na co idzie czas przebiegu@@DEV@@: mediana każdej części jako udział w sumie median części, dla każdego kernela i rodzaju pamięci hosta (grupy) oraz rozmiaru macierzy (słupki). Kernel jest rysowany wewnątrz Sync: Sync liczy się tylko w tej mierze, w jakiej trwa dłużej niż kernel, $\max(0, \mathrm{Sync} - \mathrm{Kernel})$, bo kernel działa już podczas wywołania, zanim zacznie się Sync; samo wywołanie pominięto.
xfer.group_host = \texttt{@@K@@}: @@A@@ $\rightarrow$ @@B@@
xfer.group_variant = @@K@@: \texttt{@@A@@} $\rightarrow$ \texttt{@@B@@}
xfer.gain_host = Zysk mediany każdej fazy przy zmianie pamięci hosta: @@A@@ ($a$) $\rightarrow$ inna ($b$), dla każdego kernela@@DEV@@.
xfer.gain_variant = Zysk mediany każdej fazy przy zmianie kernela: \texttt{@@A@@} ($a$) $\rightarrow$ inny ($b$), dla każdego rodzaju pamięci hosta@@DEV@@.
xfer.gain_note = Zysk mediany $(a-b)/a$ w \%: dodatni, gdy $b$ trwa krócej. \nsmark~nieistotny: dwustronny test U Manna--Whitneya na surowych próbkach, $p \ge 0{,}05$ (szary).
xfer.gain_note_nt = Zysk mediany $(a-b)/a$ w \%: dodatni, gdy $b$ trwa krócej. \nsmark~nieistotny: dwustronny test U Manna--Whitneya na surowych próbkach, $p \ge 0{,}05$ (szary); \ntmark~nie testowano (brak surowych próbek).
xfer.gain_panel = @@A@@ $\rightarrow$ @@B@@
xfer.gain_fig = Zysk mediany całego przebiegu i kopiowań przy zmianie pamięci hosta: @@A@@ ($a$) $\rightarrow$ inna ($b$), w funkcji rozmiaru macierzy@@DEV@@. Oś pionowa jest logarytmiczna względem stosunku median $b/a$ i opisana zyskiem $(1 - b/a)$ w \%, tak aby kopiowania wielokrotnie szybsze i przebiegi kilkakrotnie wolniejsze były czytelne obok siebie.
xfer.gain_fig_malloc = Malloc pominięto: inna pamięć hosta wydłuża go nawet @@F@@-krotnie (zob. tabele i wnioski).
xfer.axis_gain = Zysk mediany [\%]
xfer.app_intro = Tabele sprawozdania~G dla każdego rozmiaru, kernela i rodzaju pamięci hosta: Min, Max, Śr.\ (średnia), Mediana i Odch.\ std.\ każdej fazy po wszystkich przebiegach oraz liczba przebiegów ($n$); przed nimi metryki pominięte w części głównej (mediana i jej przedział).
find.xfer.list2 = @@A@@ i @@B@@
find.xfer.at = @@C@@ przy $n = @@N@@$ (@@D@@)
find.xfer.cl.shorter = krótszy o @@V@@
find.xfer.cl.longer = dłuższy o @@V@@
find.xfer.cl.times = @@V@@ razy dłuższy
find.xfer.cl.ns = bez istotnej różnicy
find.xfer.cl.equal = równy w medianie
find.xfer.cl.detail = @@B@@ wobec @@A@@~ms, @@P@@
find.xfer.cl.detail_weak = @@B@@ wobec @@A@@~ms, @@P@@: za mało próbek na istotność
find.xfer.cl.detail_ns = @@B@@ wobec @@A@@~ms, @@P@@; liczby próbek: @@NB@@ i @@NA@@
find.xfer.power = Przy $n$ = @@NLIST@@ limit czasu na konfigurację zmniejszył liczbę próbek do @@CNT@@: przy takiej liczbie próbek po obu stronach test Manna--Whitneya nie może dać $p$ mniejszego niż @@PMIN@@, więc żadna różnica przy tych rozmiarach, choćby największa, nie może być istotna na poziomie $\alpha = 0{,}05$.
find.xfer.pout_c = Gdy przypięta jest tylko macierz $C$ (pamięć przypięta dla wyniku, jak w sprawozdaniu~G) zamiast pamięci stronicowanej, czas Memcpy~C kernela \texttt{@@K@@} jest @@AT@@; w sprawozdaniu~G był krótszy o około 60\,\%.
find.xfer.pout_total = Gdy przypięta jest tylko macierz $C$, czas całego przebiegu \texttt{@@K@@} jest @@AT@@; w sprawozdaniu~G był krótszy o 18\,\% przy $n = 512$ i już tylko o 1\,\% przy $n = 16384$.
find.xfer.pin_ab = Gdy $A$, $B$ i $C$ są przypięte zamiast stronicowanych, czas Memcpy~AB kernela \texttt{@@K@@} jest @@AT@@.
find.xfer.pin_total = Gdy $A$, $B$ i $C$ są przypięte, czas całego przebiegu \texttt{@@K@@} jest @@AT@@.
find.xfer.malloc = Cena przypięcia: z cudaMallocHost zamiast malloc dla $A$, $B$ i $C$ czas Malloc kernela \texttt{@@K@@} jest @@AT@@.
find.xfer.shared = Przy $n = @@N@@$ (pamięć hosta: @@H@@) kernel \texttt{shared} zamiast \texttt{simple} daje czas kernela @@C1@@ (@@D1@@), a czas całego przebiegu @@C2@@ (@@D2@@); w sprawozdaniu~G czas kernela był krótszy o około 25\,\%.
find.xfer.dominant = Przy $n = @@N@@$ największą częścią przebiegu \texttt{@@K@@} (udział w sumie median części, rysunek~\ref{@@FIG@@}) jest: @@LIST@@.
find.xfer.dom_item = @@PART@@ (pamięć @@H@@: @@SHARE@@)

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
