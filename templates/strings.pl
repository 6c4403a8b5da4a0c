# Polskie nagłówki, podpisy i teksty sprawozdania (render/), w terminologii
# sprawozdania P. Klucz = wartość (LaTeX, jedna linia); symbole zastępcze
# jak w strings.en.
latex.babel = polish
latex.decimal = ,

title = Mnożenie macierzy na procesorze graficznym
subtitle = Sprawozdanie z pomiarów: wersje kernela, transfery host--urządzenie i przepustowość pamięci
title.footer = Wygenerowano programem mmreport @@VERSION@@ z bazy danych \texttt{@@DB@@}.\\ Pomiary: @@DATES@@ (UTC).

method.title = Metoda pomiarów
method.intro = Sprawozdanie wygenerował program mmreport @@VERSION@@ wyłącznie na podstawie bazy danych \texttt{@@DB@@}. Obejmuje ono @@SESSIONS@@ na @@DEVICES@@; dla każdego urządzenia i każdej konfiguracji pokazano najnowszy pomiar. Tabela na końcu tego rozdziału podaje ustawienia każdej sesji.
method.nsess.one = @@N@@ sesję pomiarową
method.nsess.few = @@N@@ sesje pomiarowe
method.nsess.many = @@N@@ sesji pomiarowych
method.ndev.one = @@N@@ urządzeniu
method.ndev.few = @@N@@ urządzeniach
method.ndev.many = @@N@@ urządzeniach
method.sampling = Każdą konfigurację najpierw uruchamiano @@WARMUP@@ na rozgrzewkę, której nie rejestrowano. Następnie wykonywano do @@REPEAT@@; pomiary kończono wcześniej, gdy trwały już @@MAXTIME@@~s i zebrano co najmniej @@MINSAMPLES@@. Każda tabela podaje liczbę faktycznie zebranych próbek. Dane wejściowe są liczbami losowymi (ziarno @@SEED@@), nigdy stałymi.
method.warmup.one = @@N@@ raz
method.warmup.few = @@N@@ razy
method.warmup.many = @@N@@ razy
method.repeat.one = @@N@@ pomiaru
method.repeat.few = @@N@@ pomiarów
method.repeat.many = @@N@@ pomiarów
method.minsamples.one = @@N@@ próbkę
method.minsamples.few = @@N@@ próbki
method.minsamples.many = @@N@@ próbek
method.timers = Użyte zegary: @@TIMERS@@.
method.launch = Uruchomienie kernela wraz z oczekiwaniem na jego zakończenie kosztuje na tych urządzeniach @@US@@~\textmu s (zmierzone w każdej sesji): to opóźnienie i narzut, które płaci każde uruchomienie. Kernel o medianie czasu krótszej niż ta wartość jest oznaczony jako ograniczony uruchomieniem (\rgmark{l}): jego czas to głównie koszt uruchomienia, nie praca kernela.
method.launch_unknown = Każde uruchomienie kernela płaci opóźnienie i narzut rzędu kilku mikrosekund, które dominują czas krótkiego kernela. Ta baza jest starsza niż zapis kosztu uruchomienia, więc żaden punkt nie jest oznaczony jako ograniczony uruchomieniem; oznaczenia siatek o mniejszej liczbie bloków niż multiprocesorów (\rgmark{w}) i zbiorów roboczych mieszczących się w pamięci podręcznej L2 (\rgmark{c}) wyznaczono z zapisanych parametrów urządzenia.
method.timers_of.one = sesja @@N@@
method.timers_of.few = sesje @@N@@
method.timers_of.many = sesje @@N@@
timers.kernel.cupti-activity = czas kernela z zapisu każdego uruchomienia, który prowadzi sam procesor graficzny (rekordy aktywności CUPTI), jedno uruchomienie na próbkę
timers.kernel.events-blocking = czas kernela z pary zdarzeń CUDA wokół każdego uruchomienia, kolejkowanych za kernelem, który wstrzymuje strumień, dopóki host nie zakolejkuje obu zdarzeń; jedno uruchomienie na próbkę
timers.kernel.events = czas kernela z pary zdarzeń CUDA wokół każdego uruchomienia, jedno uruchomienie na próbkę; uruchomienie kończy się przed powrotem z wywołania, które je zleca, więc czas obejmuje zlecenie przez hosta
timers.kernel.other = czas kernela według zegara \texttt{@@TIMER@@}
timers.cold = pamięć podręczna L2 opróżniana przed każdą próbką (zimna)
timers.hot = pamięci podręczne rozgrzane poprzednimi przebiegami (gorące)
timers.interleaved = próbki porównywanych ze sobą konfiguracji przeplatane w losowej kolejności o zapisanym ziarnie
timers.host = CLOCK\_MONOTONIC dla pracy hosta (fazy zestawu transferów)
timers.launch = uruchomienie pustego kernela wraz z oczekiwaniem na jego koniec trwało po stronie hosta \SI{@@US@@}{\micro\second} (mediana)
timers.recorded = @@TEXT@@ (tekst angielski zapisany przez mmreport @@VERSION@@)
timers.recorded_unknown = @@TEXT@@ (tekst angielski zapisany przez program pomiarowy)
method.verify = Wynik każdej konfiguracji sprawdzono względem niezależnego wyniku wzorcowego. Konfiguracja, której błąd względny przekracza tolerancję @@TOL@@, jest oznaczona jako \textit{błędna}, a jej czasy nigdy nie są przedstawiane jako wydajność. Największy błąd względny wśród poprawnych konfiguracji wynosi @@MAXERR@@. Konfiguracje błędne: @@NFAILED@@; pominięte (których urządzenie nie może wykonać; przyczyny podano przy każdym kernelu): @@NSKIPPED@@.
method.noerr = nie zapisano
method.nosession = Baza nie zawiera opisu sesji tych pomiarów, więc ich ustawienia nie są znane.
method.seed_each = zapisane dla każdej sesji, zob. tabela sesji
method.stats = Statystyki z $n$ próbek konfiguracji: minimum (Min), maksimum (Max), średnia arytmetyczna (Śr.), mediana oraz odchylenie standardowe z próby (Odch. std., z $n-1$ w mianowniku). Tabele czasu obliczeń, wydajności i przepustowości podają medianę, na którą nie wpływa kilka zakłóconych przebiegów.
method.flops = Liczenie operacji: iloczyn macierzy $m\times k$ i $k\times n$ to $2mnk$ operacji zmiennoprzecinkowych, czyli $2n^3$ dla macierzy kwadratowych (jedno mnożenie i jedno dodawanie na składnik), a GFLOP/s $= 2n^3/t$. Sprawozdanie~G liczyło $n^3$ (mnożenie z dodawaniem jako jedna operacja), więc jego wartości GFLOPS są o połowę mniejsze od naszych przy tym samym czasie~$t$.
method.gain = Zysk względny wariantu $b$ względem wariantu bazowego $a$: $g = (a-b)/a \cdot 100\,\%$, liczony tylko dla wartości centralnych (mediany, a gdzie to zaznaczono --- średniej): zysk minimum, maksimum czy rozrzutu porównywałby wartości odstające, a nie warianty. Dla czasów zysk dodatni oznacza, że $b$ trwa krócej (jest szybszy), ujemny --- że jest wolniejszy.
method.signif = Istotność: każde porównanie sprawdzono na zapisanych próbkach dwustronnym testem U Manna--Whitneya (przybliżenie normalne z poprawkami na rangi wiązane i ciągłość) na poziomie $\alpha = 0{,}05$ i podano wartość $p$. Różnica jest ustaleniem tylko wtedy, gdy jest istotna statystycznie, a mediany dzieli co najmniej próg praktyczny (zob. reguły niżej); w przeciwnym razie raport mówi o braku istotnej różnicy, a takie różnice wydrukowano na szaro i oznaczono~\nsmark. Gdy baza nie zawiera pojedynczych próbek (baza okrojona), różnicę i tak można sprawdzić tam, gdzie zapisane zakresy [Min, Max] obu stron są rozłączne: każda próbka jednej strony wygrywa wtedy z każdą próbką drugiej, więc $U = 0$, a dokładne $p = 2/\binom{n_a+n_b}{n_a}$; w przeciwnym razie oznaczono ją~\ntmark{} (nie testowano).
method.rules = Reguły. \emph{Próg praktyczny}: @@THR@@, większa z wartości 1\,\% i rozrzutu, w którym mieści się dziewięć na dziesięć powtórzonych pomiarów (z @@PAIRS@@ konfiguracji zmierzonych w dwóch sesjach jednego urządzenia; przy mniej niż 10 obowiązuje próg 1\,\%). \emph{Co liczy się do ,,najlepszego'' i ,,\% szczytu''}: zweryfikowany punkt, którego siatka ma co najmniej jeden blok na SM (\rgmark{w}~oznacza mniej bloków niż SM, co zostawia SM bezczynne przez cały kernel), a tam, gdzie liczba jest przepustowością pamięci urządzenia, którego zbiór roboczy nie mieści się w L2 (\rgmark{c}). Nie liczy się też punkt mierzony zdarzeniami i krótszy niż koszt uruchomienia w sesji (\rgmark{l}); czasy kerneli z zapisu aktywności samego GPU nie zawierają kosztu uruchomienia i nigdy nie mają tego oznaczenia. Punkt, którego zegar SM spadł o więcej niż 2\,\% poniżej najwyższego w sesji lub który sterownik spowolnił, ma oznaczenie~\rgmark{t} i liczy się, bo jego szczyt liczono przy jego własnym zegarze. \emph{\% szczytu} nazywa swój szczyt: FP32 lub FP64 na rdzeniach CUDA, FP64 na rdzeniach tensorowych dla iloczynu podwójnej precyzji cuBLAS na urządzeniach 8.0 i 9.0, albo przepustowość pamięci urządzenia; udział powyżej 100\,\% szczytu jest zgłaszany jako błąd, nie drukowany.
method.absent = Baza nie zawiera pomiarów zestawów @@SUITES@@, więc ich rozdziały pominięto.

sess.caption.one = Sesja pomiarowa i jej ustawienia (gdzie podano dwie wartości: na początku / na końcu).
sess.caption.few = Sesje pomiarowe i ich ustawienia (gdzie podano dwie wartości: na początku / na końcu).
sess.caption.many = Sesje pomiarowe i ich ustawienia (gdzie podano dwie wartości: na początku / na końcu).
sess.setting = Ustawienie
sess.session = Sesja
sess.device = Urządzenie
sess.host = Komputer
sess.started = Początek (UTC)
sess.ended = Koniec (UTC)
sess.status = Stan
sess.status.aborted = przerwana (proces pomiarowy zakończony)
sess.status.complete = zakończona
sess.status.interrupted = przerwana
sess.status.failed = nieudana
sess.status.running = w toku
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
sess.counters = Liczniki sprzętowe
sess.counters_read = odczytane (jedno profilowane uruchomienie na konfigurację)
sess.counters_unavailable = żądane, niedostępne
sess.tolerance = Tolerancja weryfikacji
sess.samples = Pojedyncze próbki
sess.samples_all = @@N@@, zapisane wszystkie
sess.samples_none = nie zapisano żadnych
sess.samples_slim = @@N@@ (sesja odchudzona: tylko zestawu transfer)
sess.sm_clock = Zegar SM [MHz]
sess.mem_clock = Zegar pamięci [MHz]
sess.temp = Temperatura [\textdegree C]
sess.power = Moc [W]
sess.throttle = Przyczyny dławienia

device.title = Parametry karty graficznej
device.caption.one = Parametry badanego urządzenia według środowiska CUDA.
device.caption.few = Parametry badanych urządzeń według środowiska CUDA.
device.caption.many = Parametry badanych urządzeń według środowiska CUDA.
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
versions.table = @@METRIC@@ wersji \texttt{@@NAME@@}@@DEV@@ według rozmiaru macierzy $n$ i rozmiaru bloku; mediana z @@SAMPLES@@ na konfigurację.
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
vers.tab_best = @@METRIC@@ każdej wersji przy najlepszym rozmiarze bloku oraz biblioteki@@DEV@@: mediana z @@SAMPLES@@; pod każdą wartością jej rozmiar bloku.
vers.tab_same = @@METRIC@@@@DEV@@ konfiguracji z tabeli~@@REF@@: mediana z @@SAMPLES@@.
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
find.vers.untested = Porównania podanego bez wartości $p$ nie dało się przetestować: baza nie przechowuje surowych próbek jego konfiguracji, a ich zapisane zakresy nakładają się, więc słowa mówią jedynie, która mediana jest wyższa. Gdzie zakresy są rozłączne, wartość $p$ daje dokładny test $U = 0$ (zob. metodę).
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
find.vers.best = Pomijając bibliotekę, najszybszym kernelem w reżimie ustalonym jest @@V@@ przy $n = @@N@@$: @@NUMS@@.
find.vers.best.nums = @@G@@~GFLOP/s (@@B@@), @@PREF@@ z @@GREF@@~GFLOP/s biblioteki @@LIB@@@@P@@; @@PPEAK@@ szczytu FP32, @@PEAK@@
find.vers.best.nums_noref = @@G@@~GFLOP/s (@@B@@; biblioteki nie zmierzono przy tym rozmiarze), @@PPEAK@@ szczytu FP32, @@PEAK@@
find.vers.peak_clk = @@PEAK@@~GFLOP/s przy zapisanym zegarze @@CLK@@~MHz
find.vers.peak_rated = @@PEAK@@~GFLOP/s przy zegarze nominalnym (zegara nie zapisano)
find.vers.nosteady = Żadna konfiguracja poza biblioteką nie działała w reżimie ustalonym, więc żadnej nie nazwano najlepszą ani nie odniesiono do szczytu; najszybsza jest @@V@@ przy $n = @@N@@$ (@@NUMS@@), gdzie @@WHY@@.
find.vers.point.nums = @@G@@~GFLOP/s, @@B@@
find.vers.unsteady = @@V@@ jest szybsza przy $n = @@N@@$ (@@NUMS@@), ale nie liczy się jako najlepsza: @@WHY@@.
find.vers.top = Przy największym rozmiarze, przy którym kernel inny niż biblioteka działał w reżimie ustalonym, a biblioteka też była mierzona, $n = @@N@@$, najszybszym z nich jest @@V@@: @@NUMS@@.
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
problem.diag = Gdzie wynik jest błędny: @@WRONG@@ z @@CELLS@@ elementów@@WHERE@@; pierwszy z nich, $C[@@ROW@@][@@COL@@]$, wynosi @@GOT@@, a oczekiwano @@WANT@@{}@@TRANS@@.
problem.diag.edge_only = , wszystkie w niepełnych kafelkach na brzegach (wiersze lub kolumny za ostatnim pełnym blokiem): warto sprawdzić warunki brzegowe jądra
problem.diag.edge_some = , w tym @@EDGE@@ w niepełnych kafelkach na brzegach
problem.diag.nan = nie liczbą (nigdy niezapisany)
problem.diag.at = ; $C$ równa się $A^{T}B$: jądro czyta $A$ jako transponowaną
problem.diag.bt = ; $C$ równa się $AB^{T}$: jądro czyta $B$ jako transponowaną
cell.failed = \textit{błąd}
cell.skipped = \textit{pominięto}
cell.fault = \textit{awaria}
data.title = Wszystkie pomiary
data.intro = Każda zmierzona konfiguracja, według eksperymentu i karty: jej parametry, mediana każdego czasu z jej 95-procentowym przedziałem ufności (PU) ze statystyk pozycyjnych zapisanych próbek (-- gdy próbek nie zapisano), pochodna miara eksperymentu, liczba zachowanych próbek, osiągnięty szum, próbki odrzucone z powodu obniżonego zegara (oba puste, gdy baza jest starsza niż te zapisy) oraz oznaczenia. Konfiguracja bez poprawnego pomiaru podaje zamiast tego status i przyczynę.
data.caption = Wszystkie konfiguracje: @@SUITE@@@@DEV@@
data.suite.reference = Biblioteka referencyjna (cuBLAS)
data.h.variant = Kernel
data.h.host = Pamięć hosta
data.h.prec = Precyzja
data.h.size = Rozmiar
data.h.count = $N$
data.h.count.bank = Wątki
data.h.count.walkers = Wędrowcy
data.h.block = Blok
data.h.ilp = ILP
data.h.param = Parametr
data.h.param.bank = Krok
data.h.param.coalesce = Przesunięcie/krok
data.h.param.walkers = Kroki
data.h.phase = Faza
data.phase.total = Cały przebieg
data.phase.kernel = Kernel
data.phase.memcpy_ab = Kopia A, B
data.phase.memcpy_c = Kopia C
data.phase.malloc = Alokacja
data.phase.sync = Synchronizacja
data.phase.free = Zwolnienie
data.h.median = \thead{Mediana}{[ms]}
data.h.ci = 95\,\% PU [ms]
data.h.samples = $n$
data.h.noise = \thead{Szum}{[\%]}
data.h.discarded = \thead{Odrzu-}{cone}
data.note = $n$: liczba zachowanych próbek; szum: połowa szerokości 95-procentowego PU czasu kernela w \% jego mediany; odrzucone: próbki pominięte z powodu obniżonego zegara. Oznaczenia przy kernelu dotyczą całego wiersza.
data.note.failed = \textit{błąd}: wynik nie przeszedł weryfikacji albo wywołanie się nie powiodło (przyczyna mówi, które z nich).
data.note.fault = \textit{awaria}: uruchomienie kernela zakończyło się błędem (niedozwolony dostęp do pamięci lub inny błąd kernela); compute-sanitizer wskaże miejsce.
data.note.above = \rgmark{n}~szum pozostał powyżej celu swojej sesji (\texttt{-{}-max-noise}).

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
xfer.intro = Każdy przebieg, jak w sprawozdaniu~G, przydziela pamięć na $A$, $B$ i $C$ na hoście i na urządzeniu (Malloc), kopiuje $A$ i $B$ do urządzenia (Memcpy~AB), uruchamia kernel i czeka na jego zakończenie (Sync: od powrotu z wywołania kernela do końca oczekiwania), kopiuje $C$ z powrotem (Memcpy~C) i zwalnia pamięć (Free); cały przebieg (time*) obejmuje wszystkie te fazy. Czas samego kernela, mierzony przez GPU, mieści się w wywołaniu i w fazie Sync, więc nigdy nie jest do niej dodawany. Pamięć hosta jest stronicowana (malloc), przypięta (cudaMallocHost dla $A$, $B$ i $C$) albo przypięta dla wyniku (tylko $C$, jak w sprawozdaniu~G); kernele to \texttt{simple} (jeden wątek na element $C$) i \texttt{shared} (kafelki w pamięci współdzielonej). Nasze GFLOP/s liczą $2n^3$ operacji na iloczyn; GFLOPS sprawozdania~G liczyły $n^3$ (mnożenie z dodawaniem jako jedna operacja), więc przy tym samym czasie jego wartości są o połowę mniejsze od naszych. Czasy podano w ms.
transfer.absent = Baza nie zawiera pomiarów zestawu transferów.
transfer.phase = Faza
transfer.table = Fazy \texttt{@@NAME@@}, pamięć hosta: @@HOST@@, $n = @@SIZE@@$@@DEV@@.
host.pageable = stronicowana
host.pinned = przypięta
host.pinned-output = przypięta dla wyniku

# Issue 11, transfer (report G): the main body's tables, figures and
# findings (render/sec_transfer.c).
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
xfer.gain_note = Zysk mediany $(a-b)/a$ w \%: dodatni, gdy $b$ trwa krócej. \nsmark~bez istotnej różnicy: dwustronny test U Manna--Whitneya na surowych próbkach, $p \ge 0{,}05$ (szary).
xfer.gain_note_nt = Zysk mediany $(a-b)/a$ w \%: dodatni, gdy $b$ trwa krócej. \nsmark~bez istotnej różnicy: dwustronny test U Manna--Whitneya na surowych próbkach, $p \ge 0{,}05$ (szary); \ntmark~nie testowano (brak surowych próbek).
xfer.gain_panel = @@A@@ $\rightarrow$ @@B@@
xfer.gain_fig = Zysk mediany całego przebiegu i kopiowań przy zmianie pamięci hosta: @@A@@ ($a$) $\rightarrow$ inna ($b$), w funkcji rozmiaru macierzy@@DEV@@. Oś pionowa jest logarytmiczna względem stosunku median $b/a$ i opisana zyskiem $(1 - b/a)$ w \%, tak aby kopiowania wielokrotnie szybsze i przebiegi kilkakrotnie wolniejsze były czytelne obok siebie.
xfer.gain_fig_malloc = Malloc pominięto: inna pamięć hosta wydłuża go nawet @@F@@-krotnie (zob. tabele i wnioski).
xfer.axis_gain = Zysk mediany [\%]
transfer.intro = Tabele sprawozdania~G dla każdego rozmiaru, kernela i rodzaju pamięci hosta: Min, Max, Śr.\ (średnia), Mediana i Odch.\ std.\ każdej fazy po wszystkich przebiegach oraz liczba przebiegów ($n$); przed nimi metryki pominięte w części głównej (mediana i jej przedział).
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
ilp.intro = Kernel kopiujący przenosi $N$ czterobajtowych liczb całkowitych z jednej tablicy do drugiej (notatka~J): każdy wątek kopiuje ILP elementów, a blok $512/\mathrm{ILP}$ wątków przenosi zawsze 512 elementów. Przepustowość to bajty odczytane i zapisane, $8N$ na kopię, podzielone przez czas kernela; odniesieniem są \texttt{cudaMemcpyAsync} w pamięci urządzenia i teoretyczna przepustowość szczytowa. Dopóki obie tablice mieszczą się w pamięci podręcznej L2, kopię obsługuje ta pamięć i wynik jest jej przepustowością, a nie przepustowością pamięci urządzenia: takie rozmiary są oznaczone i pominięte przy najlepszym wyniku i w procentach szczytu.
ilp.absent = Baza nie zawiera pomiarów zestawu ILP.
ilp.memcpy = memcpy
ilp.peak = szczyt
ilp.table = Przepustowość kopiowania [GB/s] według rozmiaru tablicy $N$@@DEV@@: mediana z @@SAMPLES@@ na konfigurację, co drugi rozmiar oraz rozmiary wymienione we wnioskach@@APP@@.
ilp.figure = Przepustowość kopiowania w funkcji rozmiaru tablicy $N$ (mediana, obie osie logarytmiczne), jedna linia na ILP, z memcpy w pamięci urządzenia i szczytem teoretycznym (kropkowany)@@DEV@@. Na lewo od pionowej szarej linii obie tablice mieszczą się w pamięci podręcznej L2, która wtedy obsługuje kopię.

# Issue 11: note J (ilp), main body and appendix
ilp.table_app = ; dodatek~\ref{app:ilp} podaje wszystkie rozmiary
ilp.table_all = Przepustowość kopiowania [GB/s] dla każdego rozmiaru tablicy $N$@@DEV@@: mediana z @@SAMPLES@@ na konfigurację.
ilp.table_note = Każda mediana z odległościami $a$ i $b$ do górnego i dolnego końca jej 95-procentowego przedziału ufności, zapisanymi jako ${}^{+a}_{-b}$ (statystyki pozycyjne surowych próbek; brak, gdy zapisano mniej niż 6).
ilp.table_note_none = Baza nie przechowuje surowych próbek tych konfiguracji, więc mediany podano bez przedziału.
ilp.p_ranges = @@P@@: surowych próbek nie zapisano, ale ich zakresy się nie nakładają
ilp.pct_row = \% szczytu
ilp.pct_note = \% szczytu: mediana w procentach teoretycznych @@PEAK@@~GB/s, przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$; rozmiary obsługiwane przez pamięć podręczną L2 nie mają tej wartości.
ilp.gbs_pct = @@GBS@@~GB/s (@@PCT@@ szczytu)
ilp.gbs = @@GBS@@~GB/s
ilp.stats_table = Statystyki przepustowości kopiowania [GB/s] dla każdego rozmiaru@@DEV@@: liczba próbek $n$, Min, Max, Śr., Mediana, Odch.\ std.
ilp.app_intro = Każdy zmierzony rozmiar z medianą przepustowości kopiowania i jej przedziałem, a następnie statystyki próbek każdej konfiguracji.
find.ilp.faster = @@DEV@@Więcej niezależnych kopii na wątek zwiększa przepustowość kopiowania przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$: z @@G1@@ przy ILP~1 do @@GB@@ przy ILP~@@BEST@@, najlepszym (@@P@@).
find.ilp.slower = @@DEV@@Więcej niezależnych kopii na wątek nie zwiększa przepustowości kopiowania przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$: ILP~1 osiąga @@G1@@, więcej niż najlepszy powyżej 1, ILP~@@BEST@@ z @@GB@@ (@@P@@).
find.ilp.ns = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, liczba niezależnych kopii na wątek nie daje istotnej różnicy w przepustowości kopiowania: @@G1@@ przy ILP~1, @@GB@@ przy ILP~@@BEST@@, najlepszym powyżej 1 (@@P@@).
find.ilp.untested = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, kopia osiąga @@G1@@ przy ILP~1 i @@GB@@ przy ILP~@@BEST@@, najlepszym powyżej 1; bez surowych próbek i przy nakładających się zakresach różnicy nie testowano.
find.ilp.best = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, kopia osiąga @@GB@@ przy ILP~@@BEST@@, najlepszym ze zmierzonych.
find.ilp.memcpy.faster = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym samym rozmiarze @@GM@@, więcej niż ILP~@@BEST@@ (@@P@@).
find.ilp.memcpy.slower = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym samym rozmiarze @@GM@@, mniej niż ILP~@@BEST@@ (@@P@@).
find.ilp.memcpy.ns = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym samym rozmiarze @@GM@@, bez istotnej różnicy względem ILP~@@BEST@@ (@@P@@).
find.ilp.memcpy.untested = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym samym rozmiarze @@GM@@, wobec @@GB@@ przy ILP~@@BEST@@; bez surowych próbek i przy nakładających się zakresach różnicy nie testowano.
find.ilp.plateau = @@DEV@@Od $N = @@N@@$ (tam @@GN@@~GB/s) ILP~@@BEST@@ pozostaje w granicach @@TOL@@ swojej przepustowości przy największym rozmiarze, @@G@@~GB/s.
find.ilp.plateau_top = @@DEV@@Żaden rozmiar w pamięci urządzenia mniejszy od największego nie zbliża się na @@TOL@@ do przepustowości ILP~@@BEST@@ przy największym rozmiarze, @@G@@~GB/s.
find.ilp.l2 = @@DEV@@Rozmiary, których tablice mieszczą się w pamięci podręcznej L2 (@@L2@@), obsługuje ta pamięć: ich najwyższa mediana, @@G@@~GB/s (@@WHO@@, $N = @@N@@$), to przepustowość pamięci podręcznej, a nie pamięci urządzenia, i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.
find.ilp.l2_over = @@DEV@@Rozmiary, których tablice mieszczą się w pamięci podręcznej L2 (@@L2@@), obsługuje ta pamięć: ich najwyższa mediana, @@G@@~GB/s (@@WHO@@, $N = @@N@@$), przekracza teoretyczne @@PEAK@@~GB/s pamięci urządzenia; to przepustowość pamięci podręcznej i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.
find.ilp.l2_stored = @@DEV@@Rozmiary, które pomiar uznał za mieszczące się w L2, obsługuje pamięć podręczna: ich najwyższa mediana, @@G@@~GB/s (@@WHO@@, $N = @@N@@$), to przepustowość pamięci podręcznej, a nie pamięci urządzenia, i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.
find.ilp.l2_stored_over = @@DEV@@Rozmiary, które pomiar uznał za mieszczące się w L2, obsługuje pamięć podręczna: ich najwyższa mediana, @@G@@~GB/s (@@WHO@@, $N = @@N@@$), przekracza teoretyczne @@PEAK@@~GB/s pamięci urządzenia; to przepustowość pamięci podręcznej i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.

sum.title = Zestawienie wyników
sum.intro = Najlepsza konfiguracja każdego wariantu (najwyższa mediana spośród punktów zmierzonych w stanie ustalonym: siatka co najmniej jednego bloku na multiprocesor, dla kopiowania zbiór roboczy większy niż L2) w porównaniu z biblioteką wzorcową (cuBLAS) dla tego samego rozmiaru macierzy oraz z teoretycznymi wartościami szczytowymi urządzenia.
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
sum.note = cuBLAS: mediana GFLOP/s biblioteki dla tego samego rozmiaru macierzy; -- gdy jej nie zmierzono. \% szczytu: wydajności szczytowej FP32 przy zegarze SM zapisanym podczas pomiaru (SM $\times$ rdzenie FP32 na SM $\times$ 2 $\times$ zegar); -- dla punktu spoza stanu ustalonego.
sum.bw_table = Najlepsza przepustowość każdego wariantu kopiowania@@DEV@@ (mediana, punkty w stanie ustalonym: zbiór roboczy większy niż L2); \% szczytu: teoretycznej przepustowości pamięci.
sum.find.roof = Na @@DEV@@ grzbiet modelu roofline leży przy @@RIDGE@@~FLOP/B (szczyt FP32 przez szczyt pamięci); najlepszy punkt każdej wersji według jej nieuniknionego ruchu w pamięci i część jego dachu, jaką osiąga: @@LIST@@.
sum.find.compute = dach obliczeniowy
sum.find.memory = dach pamięciowy
sum.find.under = Każda wersja pozostaje poniżej połowy swojego dachu: żadnej nie ogranicza nieunikniony ruch w pamięci ani jednostki FP32, lecz sposób wykonania.
sum.find.near = Co najmniej jedna wersja przekracza połowę swojego dachu, blisko tego, na co pozwala sprzęt.
sum.roof = dach
sum.roofline = Model dachowy (roofline)@@DEV@@: intensywność arytmetyczna (FLOP na bajt niezbędnego ruchu do pamięci urządzenia) a osiągnięte GFLOP/s (mediana) każdej konfiguracji; dach to $\min(P_{\mathrm{FP32}}, I \cdot B_{\mathrm{mem}})$.
sum.roof_counted = @@NAME@@ (liczniki)
sum.roofline_counted = Punkty oznaczone \emph{liczniki} są osiągnięte, nie nominalne: GFLOP/s z operacji FP32 zliczonych sprzętowo w czasie profilowanego uruchomienia, a na osi poziomej te operacje na bajt zliczonych odczytów i zapisów DRAM.

cross.title = Porównanie urządzeń
cross.single = Sprawozdanie obejmuje tylko jedno urządzenie, nie ma więc czego porównywać.
cross.intro = Dla każdego eksperymentu przyspieszenie każdego urządzenia względem GPU~1 w tych samych konfiguracjach (iloraz median; wersje przy rozmiarze bloku najlepszym na GPU~1), sprawdzone testem na surowych próbkach. Same mediany podają tabele poszczególnych eksperymentów.
cross.speedup = Przyspieszenie względem GPU~1
cross.table = @@SUITE@@: przyspieszenie GPU~@@K@@ względem GPU~1, @@METRIC@@ (iloraz median).
cross.figure = @@SUITE@@: przyspieszenie GPU~@@K@@ względem GPU~1 w zależności od rozmiaru, jedna linia na konfigurację.
cross.note_higher = Przyspieszenie: wartość na GPU~$k$ podzielona przez wartość na GPU~1; powyżej 1 GPU~$k$ jest szybszy.
cross.note_lower = Przyspieszenie: czas na GPU~1 podzielony przez czas na GPU~$k$; powyżej 1 GPU~$k$ jest szybszy.
cross.note_marks = \nsmark~bez istotnej różnicy: $p \ge 0{,}05$ lub mniej niż próg praktyczny (szare); \ntmark~nie testowano (brak surowych próbek).
cross.find.peaks = Teoretyczne wartości szczytowe GPU~@@K@@ względem GPU~1: FP32 @@FP@@, przepustowość pamięci @@MEM@@.
cross.find.faster = @@SUITE@@: GPU~@@K@@ jest istotnie szybszy w większości przetestowanych konfiguracji (szybszy: @@NFAST@@, wolniejszy: @@NSLOW@@, bez istotnej różnicy: @@NSAME@@); mediana przyspieszenia @@MED@@ (zakres @@RANGE@@).
cross.find.slower = @@SUITE@@: GPU~@@K@@ jest istotnie wolniejszy w większości przetestowanych konfiguracji (szybszy: @@NFAST@@, wolniejszy: @@NSLOW@@, bez istotnej różnicy: @@NSAME@@); mediana przyspieszenia @@MED@@ (zakres @@RANGE@@).
cross.find.mixed = @@SUITE@@: żadne z urządzeń nie jest szybsze w większości przetestowanych konfiguracji (GPU~@@K@@ szybszy: @@NFAST@@, wolniejszy: @@NSLOW@@, bez istotnej różnicy: @@NSAME@@); mediana przyspieszenia @@MED@@ (zakres @@RANGE@@).
cross.find.few_tested = @@SUITE@@: mediana przyspieszenia GPU~@@K@@ wynosi @@MED@@ (zakres @@RANGE@@); większości konfiguracji nie dało się przetestować (@@NUNT@@ bez surowych próbek i z nakładającymi się zakresami), spośród pozostałych GPU~@@K@@ jest szybszy w @@NFAST@@, wolniejszy w @@NSLOW@@ i bez istotnej różnicy w @@NSAME@@.
cross.find.untested = @@SUITE@@: mediana przyspieszenia GPU~@@K@@ wynosi @@MED@@ (zakres @@RANGE@@), bez testu: baza nie zawiera surowych próbek tych konfiguracji, więc żadnej różnicy nie uznano za istotną.
cross.find.some_untested = Spośród tych konfiguracji nie dało się przetestować @@NUNT@@ (brak surowych próbek).

axis.size = Rozmiar macierzy $n$
axis.count = Rozmiar tablicy $N$ [elementy]
axis.gflops = Wydajność [GFLOP/s]
axis.gbs = Przepustowość [GB/s]
axis.share = Udział w przebiegu [\%]
axis.intensity = Intensywność arytmetyczna [FLOP/B]
stat.min = Min
stat.max = Max
stat.avg = Śr.
stat.median = Mediana
stat.stddev = Odch.\ std.
label.cut = (@@N@@ znaków)
word.tile = kafelek
word.block = blok
word.block_size = Rozmiar bloku
word.size = Rozmiar

# Issue 11: the lab report's structure (title page, introduction,
# findings, regimes, conclusions, appendices).
title.author = Autor
title.course = Przedmiot
title.exercise = Ćwiczenie
title.date = Data
intro.title = Wstęp
intro.objectives = Sprawozdanie odpowiada, na podstawie pomiarów wymienionych niżej procesorów graficznych, na pytania odtwarzanych sprawozdań laboratoryjnych:
intro.obj.versions = \emph{Wersje kernela} (sprawozdanie~P): ile w GFLOP/s daje każdy krok od naiwnego kernela przez kafelki w pamięci współdzielonej, pobieranie z wyprzedzeniem i więcej pracy na wątek, oraz jak daleko najlepszy kernel pozostaje od cuBLAS i od szczytowej wydajności FP32.
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
find.fault = @@DEV@@Kernel \texttt{@@KERNEL@@} uległ awarii przy @@WHAT@@@@MORE@@: @@REASON@@. Awaria to błąd samego kernela (najczęściej dostęp do pamięci poza jego tablicami), a nie błędny wynik; sesja karty skończyła się w tym miejscu, więc jej dalsze konfiguracje nie zostały zmierzone. Aby znaleźć ten dostęp, uruchom tylko tę konfigurację pod compute-sanitizer: \texttt{@@CMD@@}
find.wrong = @@DEV@@Kernel \texttt{@@KERNEL@@} liczy błędny wynik przy @@WHAT@@@@MORE@@: @@REASON@@ Jest pokazany jako błąd, nigdy jako szybkość, i nie bierze udziału w żadnym porównaniu.
find.fail.all = {} (błędnych konfiguracji: @@N@@)
find.untested = nie testowano (brak surowych próbek)
find.effect = @@EST@@ (przedział ufności 95\,\%: @@LO@@--@@HI@@)
find.devs.sep = \,/\,
regime.launch = mierzone zdarzeniami i krócej niż jedno uruchomienie kernela: czas to głównie koszt uruchomienia
regime.wave = mniej bloków niż SM: część SM stoi bezczynnie przez cały kernel
regime.l2 = zbiór roboczy mieści się w pamięci podręcznej L2: przepustowość pamięci podręcznej, nie pamięci urządzenia
regime.throttle = zegar SM spadł o więcej niż 2\,\% poniżej najwyższego w sesji lub był obniżony (moc lub temperatura)
regime.derived = Siatki wyznaczono z geometrii uruchomienia wbudowanych kerneli (baza starsza niż zapis siatek). Oznaczenia według reguł z części o metodzie: \rgmark{l} i \rgmark{w}, a \rgmark{c} tam, gdzie liczba jest przepustowością pamięci urządzenia, wyłączają punkt z ,,najlepszego'' i ,,\% szczytu''; \rgmark{t} liczy się przy własnym zegarze.
regime.stored = Oznaczenia według reguł z części o metodzie: \rgmark{l} i \rgmark{w}, a \rgmark{c} tam, gdzie liczba jest przepustowością pamięci urządzenia, wyłączają punkt z ,,najlepszego'' i ,,\% szczytu''; \rgmark{t} liczy się przy własnym zegarze.
concl.title = Podsumowanie i wnioski
concl.intro = Ustalenia każdego sprawozdania źródłowego obok naszych, wraz z reżimem naszego pomiaru tam, gdzie tłumaczy różnicę.
concl.caption = Ustalenia źródeł (sprawozdanie~P, sprawozdanie~G, notatka~J) i nasze na każdym urządzeniu.
concl.note = Zgodne / różne: kierunek ustalenia źródła, rozstrzygany istotną różnicą tam, gdzie surowe próbki pozwalają na test, w przeciwnym razie samymi medianami (wtedy oznaczone jako nietestowane). Gdy nasz wynik jest inny, podano reżim naszych punktów, jeśli ma zastosowanie.
concl.source = Ustalenie sprawozdania źródłowego
concl.ours = Ten pomiar
concl.agrees = zgodne
concl.differs = różne
concl.g.malloc = alokacja pamięci z blokowaniem stron (Malloc) trwa
concl.g.malloc_of = czasu zwykłej
concl.open = niewykazane
concl.nodata = nie zmierzono
concl.untested = (według median; bez testu: brak surowych próbek)
concl.by_ranges = wg rozłącznych zakresów
concl.regime = nasze punkty:
concl.fastest = najszybsza jest
concl.one_sm = jej jedyny blok działa na jednym SM z @@SMS@@
concl.p.tiles = Kafelki w pamięci współdzielonej (\texttt{v3}) są znacznie szybsze niż odczyt argumentów z pamięci globalnej (\texttt{v2}).
concl.p.best = Więcej pracy na wątek (\texttt{v5}, kafelek $2b \times 2b$ na blok) daje najszybszą wersję.
concl.p.one_block = Jeden blok dla całej macierzy (\texttt{v1}) jest zdecydowanie najwolniejszy.
concl.g.memcpy_c = Pamięć z blokowaniem stron dla $C$ skraca Memcpy~C o około 60\,\%.
concl.g.total = Pamięć z blokowaniem stron dla $C$ skraca cały przebieg o 18\,\% przy $n = 512$, aż do około 1\,\% przy $n = 16384$.
concl.g.shared = Kafelki w pamięci współdzielonej skracają czas kernela o około 25\,\%.
concl.j.peak = Przy dużym $N$ kopiowanie zbliża się do szczytowej przepustowości (12,9 z 14,4~GB/s, 90\,\%).
concl.j.ilp = ILP prawie nie zmienia przepustowości (Kepler, Maxwell).
concl.throttle = Na @@DEV@@ pomiar zakończył się z zegarem ograniczonym przez \texttt{@@WHY@@} (zegar SM @@START@@~MHz na początku, @@END@@~MHz na końcu): procenty szczytu liczono przy zapisanym zegarze, a wyniki z końca przebiegu mogą leżeć poniżej prędkości układu bez ograniczeń.
concl.tally = Na @@DEV@@ ustalenia źródeł potwierdzone: @@AGREE@@; odwrócone: @@DIFFER@@; ani potwierdzone, ani odwrócone (brak istotnej różnicy): @@OPEN@@.
concl.closing = Źródła mierzyły starsze procesory graficzne (GeForce GT~240, 920M, RTX~4060); zgodność dotyczy kierunku efektu, nie jego wielkości, która zależy od procesora.
word.samples_of.one = @@N@@ próbki
word.samples_of.few = @@N@@ próbek
word.samples_of.many = @@N@@ próbek

# Issue 13: eksperymenty z dostępem do pamięci z podręcznika R i wykładu B
# (render/sec_transpose.c, sec_bank.c, sec_coalesce.c, mem.c; wnioski w
# sec_conclusions.c).
intro.obj.transpose = \emph{Transpozycja macierzy} (podręcznik~R): ile zyskuje transpozycja przez kafelek w pamięci współdzielonej względem transpozycji naiwnej, co dodaje uzupełnienie kafelka chroniące przed konfliktami banków i jak blisko obie dochodzą do kopii o tej samej geometrii.
intro.obj.bank = \emph{Konflikty banków} (podręcznik~R): ile kosztuje dostęp osnowy do pamięci współdzielonej z krokiem od 1 do 32 słów i czy parzyste kroki powodują konflikty ($\gcd(s, 32)$-krotne), a nieparzyste nie.
intro.obj.coalesce = \emph{Łączenie dostępów} (wykład~B): ile kosztuje kopię przesunięty początek i krok między elementami sąsiednich wątków, w zestawieniu z modelem 32-bajtowych sektorów, oraz czy struktura tablic wygrywa z tablicą struktur.
word.offset = przesunięcie
word.stride = krok

transpose.title = Transpozycja macierzy i kafelki w pamięci współdzielonej
transpose.absent = Baza nie zawiera pomiarów zestawu transpozycji.
transpose.intro = Każdy kernel transponuje kwadratową macierz $n \times n$ pojedynczej precyzji, $C = A^{\mathsf{T}}$, blokami $b \times b$ wątków, po jednym elemencie na wątek (podręcznik~R). \texttt{tr\_naive} czyta $A$ wzdłuż wierszy i zapisuje $C$ wzdłuż kolumn, więc zapisy osnowy trafiają do różnych wierszy; \texttt{tr\_tile} przenosi kafelek $b \times b$ przez pamięć współdzieloną, tak aby również zapis biegł wzdłuż wierszy, i czyta kafelek kolumnami, przez co słowa czytane przez osnowę trafiają do tych samych kilku banków; \texttt{tr\_pad} poszerza kafelek o jedną kolumnę, co rozkłada kolumnę na różne banki. \texttt{tr\_copy} kopiuje macierz tymi samymi blokami, $C = A$: to pułap, z którym porównuje się transpozycje. Przepustowość to bajty odczytane i zapisane, $8n^2$, podzielone przez czas kernela. Dopóki obie macierze mieszczą się w pamięci podręcznej L2, obsługuje je ta pamięć: takie rozmiary są oznaczone i nie biorą udziału w żadnym porównaniu.
transpose.gbs = GB/s
transpose.pct = \% \texttt{tr\_copy}
transpose.table = Przepustowość transpozycji według boku macierzy $n$ i rozmiaru bloku@@DEV@@: mediana z @@SAMPLES@@ w GB/s oraz każda transpozycja w procentach kopii przy tym samym $n$ i bloku.
transpose.figure = Przepustowość transpozycji w funkcji boku macierzy $n$@@DEV@@: mediana każdego kernela przy najlepszym rozmiarze bloku dla danego $n$; \texttt{tr\_copy}, kopia o tej samej geometrii, to pułap.
transpose.figure_l2 = Do $n = @@N@@$ obie macierze mieszczą się w pamięci podręcznej L2 (@@L2@@), która wtedy je obsługuje.
transpose.figure_l2_stored = Do $n = @@N@@$ pomiar stwierdził, że macierze pozostają w pamięci podręcznej L2.
find.tr.tile.faster = @@DEV@@Przy $n = @@N@@$ kafelek w pamięci współdzielonej (@@VB@@, @@BB@@) transponuje z przepustowością @@GB@@~GB/s, @@RATIO@@ raza większą niż transpozycja naiwna z @@GA@@~GB/s (@@VA@@, @@BA@@; @@P@@).
find.tr.tile.slower = @@DEV@@Przy $n = @@N@@$ kafelek w pamięci współdzielonej (@@VB@@, @@BB@@) transponuje z przepustowością @@GB@@~GB/s, wolniej niż transpozycja naiwna z @@GA@@~GB/s (@@VA@@, @@BA@@; @@P@@): przejście przez pamięć współdzieloną tu się nie opłaca.
find.tr.tile.ns = @@DEV@@Przy $n = @@N@@$ kafelek w pamięci współdzielonej (@@VB@@, @@BB@@, @@GB@@~GB/s) i transpozycja naiwna (@@VA@@, @@BA@@, @@GA@@~GB/s) nie różnią się istotnie (@@P@@).
find.tr.tile.untested = @@DEV@@Przy $n = @@N@@$ kafelek w pamięci współdzielonej (@@VB@@, @@BB@@) transponuje z przepustowością @@GB@@~GB/s, transpozycja naiwna z @@GA@@~GB/s (@@VA@@, @@BA@@); bez surowych próbek i przy nakładających się zakresach różnicy nie testowano.
find.tr.pad.faster = @@DEV@@Uzupełnienie kafelka o jedną kolumnę zwiększa przy $n = @@N@@$ jego przepustowość o @@PCT@@, z @@GA@@~GB/s (@@VA@@, @@BA@@) do @@GB@@~GB/s (@@VB@@, @@BB@@; @@P@@).
find.tr.pad.slower = @@DEV@@Uzupełnienie kafelka o jedną kolumnę zmniejsza przy $n = @@N@@$ jego przepustowość o @@PCT@@, z @@GA@@~GB/s (@@VA@@, @@BA@@) do @@GB@@~GB/s (@@VB@@, @@BB@@; @@P@@).
find.tr.pad.ns = @@DEV@@Uzupełnienie kafelka o jedną kolumnę nie daje przy $n = @@N@@$ istotnej różnicy: @@GA@@~GB/s bez niego (@@BA@@), @@GB@@~GB/s z nim (@@BB@@; @@P@@).
find.tr.pad.untested = @@DEV@@Przy $n = @@N@@$ kafelek osiąga @@GA@@~GB/s bez uzupełnienia (@@BA@@) i @@GB@@~GB/s z nim (@@BB@@); bez surowych próbek i przy nakładających się zakresach różnicy nie testowano.
find.tr.copy.slower = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@VB@@ (@@BB@@), osiąga @@GB@@~GB/s, czyli @@SHARE@@ z @@GA@@~GB/s kopii (@@BA@@; @@P@@).
find.tr.copy.ns = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@VB@@ (@@BB@@), jest tak szybka jak kopia: @@GB@@ wobec @@GA@@~GB/s, bez istotnej różnicy (@@P@@).
find.tr.copy.faster = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@VB@@ (@@BB@@), jest szybsza niż kopia o tej samej geometrii: @@GB@@ wobec @@GA@@~GB/s (@@P@@).
find.tr.copy.untested = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@VB@@ (@@BB@@), osiąga @@GB@@~GB/s, czyli @@SHARE@@ z @@GA@@~GB/s kopii; bez surowych próbek i przy nakładających się zakresach różnicy nie testowano.
find.tr.blocks = @@DEV@@Najlepszy rozmiar bloku każdego kernela przy $n = @@N@@$ wobec następnego w kolejności: @@LIST@@.
find.tr.block.faster = @@VB@@: @@BB@@, lepszy niż @@BA@@ (@@GB@@ wobec @@GA@@~GB/s, @@P@@)
find.tr.block.slower = @@VB@@: @@BB@@, gorszy niż @@BA@@ (@@GB@@ wobec @@GA@@~GB/s, @@P@@)
find.tr.block.ns = @@VB@@: @@BB@@ i @@BA@@ bez istotnej różnicy (@@GB@@ wobec @@GA@@~GB/s, @@P@@)
find.tr.block.untested = @@VB@@: @@BB@@ z wyższą medianą niż @@BA@@ (@@GB@@ wobec @@GA@@~GB/s, bez testu)
find.tr.l2 = @@DEV@@Przy $n = @@NLIST@@$ obie macierze mieszczą się w pamięci podręcznej L2 (@@L2@@), która je obsługuje: najwyższa przepustowość w tym zakresie, @@G@@~GB/s (@@V@@ przy $n = @@NN@@$), jest przepustowością pamięci podręcznej, a nie pamięci urządzenia, i te rozmiary nie biorą udziału w żadnym porównaniu powyżej.
find.tr.l2_stored = @@DEV@@Przy $n = @@NLIST@@$ pomiar stwierdził, że macierze pozostają w pamięci podręcznej L2: najwyższa przepustowość w tym zakresie, @@G@@~GB/s (@@V@@ przy $n = @@NN@@$), jest przepustowością pamięci podręcznej, a nie pamięci urządzenia, i te rozmiary nie biorą udziału w żadnym porównaniu powyżej.
find.tr.wavefronts = @@DEV@@Przebiegi przez banki (wavefronts) na instrukcję odczytu pamięci współdzielonej, zliczone przy $n = @@N@@$: @@LIST@@; jeden przebieg oznacza brak konfliktu banków.
find.tr.wf_item = @@V@@, @@B@@: @@W@@
find.tr.nosteady = @@DEV@@Poza pamięcią podręczną L2 żaden bok macierzy nie ma poprawnych pomiarów dwóch kerneli, więc niczego nie porównano.

bank.title = Konflikty banków pamięci współdzielonej
bank.absent = Baza nie zawiera pomiarów zestawu konfliktów banków.
bank.intro = Pamięć współdzielona jest rozłożona na 32 banki czterobajtowych słów. Słowa czytane przez osnowę w jednym dostępie są obsługiwane w jednym przebiegu, gdy leżą w różnych bankach; gdy $k$ różnych słów trafia do jednego banku, dostęp wymaga $k$ przebiegów ($k$-krotny konflikt banków). Każdy wątek czyta tu pamięć współdzieloną 1024 razy, wątek $\ell$ osnowy w $i$-tym odczycie słowo $\ell s + 32i$ (modulo 4096): przy kroku $s$ 32 wątki korzystają z $32/\gcd(s, 32)$ banków, po $\gcd(s, 32)$ słów w każdym, więc nieparzyste kroki nie powodują konfliktu, $s = 2$ powoduje konflikt dwukrotny, a $s = 32$ 32-krotny (podręcznik~R: krok $L$ powoduje konflikty dla parzystego $L$). Czas dostępu to czas kernela podzielony przez liczbę odczytów całej osnowy na SM (1024 na osnowę razy liczba osnów na SM); pomnożony przez zegar SM daje liczbę cykli na dostęp, z których dostęp bez konfliktu potrzebuje około jednego.
bank.stride = $s$
bank.nway = $\gcd(s, 32)$
bank.ns = ns
bank.cycles = Cykle
bank.ratio = $\times$~$s{=}1$
bank.counted = Zliczone
bank.table = Czas dostępu całej osnowy do pamięci współdzielonej według kroku $s$@@DEV@@: mediana z @@SAMPLES@@ w ns, w cyklach zegara SM i względem kroku~1; $\gcd(s, 32)$ to oczekiwana krotność konfliktu.
bank.table_note = Cykle: ns razy zegar SM @@CLOCK@@. $\times$~$s{=}1$: mediana podzielona przez medianę kroku~1; \nsmark~bez istotnej różnicy względem kroku~1 (szary; Mann--Whitney, $p \ge 0{,}05$), \ntmark~bez testu (brak surowych próbek, zakresy się nakładają).
bank.table_note_noclock = Cykle: nie podano, bo dla tych konfiguracji nie zapisano ani nie jest znany zegar SM. $\times$~$s{=}1$: mediana podzielona przez medianę kroku~1; \nsmark~bez istotnej różnicy względem kroku~1 (szary; Mann--Whitney, $p \ge 0{,}05$), \ntmark~bez testu (brak surowych próbek, zakresy się nakładają).
bank.clock_recorded = zapisany przy każdej konfiguracji
bank.clock_rated = o nominalnej częstotliwości @@MHZ@@~MHz (zegara nie zapisano)
bank.counted_note = Zliczone: krotność konfliktu zmierzona licznikami sprzętowymi w jednym profilowanym uruchomieniu, jako liczba przebiegów przez banki (wavefronts) odczytów pamięci współdzielonej na instrukcję odczytu.
bank.counters_none = Konflikty banków zliczone przez sprzęt: nie zmierzono (bez \texttt{-{}-counters}).
bank.counters_unavailable = Konflikty banków zliczone przez sprzęt: nie zmierzono; nie udało się odczytać liczników (@@WHY@@).
bank.class_table = Kroki pogrupowane według oczekiwanej krotności konfliktu@@DEV@@: mediana ich czasu dostępu, jej zakres po krokach i jej stosunek do mediany kroków bez konfliktu.
bank.class_note = Oczekiwany: stosunek, gdyby każde kolejne słowo w najbardziej obciążonym banku kosztowało jeden dodatkowy dostęp bez konfliktu.
bank.class.nway = Krotność
bank.class.strides = Kroki $s$
bank.class.cycles = Cykle
bank.class.ns = ns
bank.class.range = Zakres
bank.class.ratio = $\times$~1-krotny
bank.class.expected = Oczekiwany
bank.measured = zmierzone
bank.expected = krok~1 $\times \gcd(s, 32)$
bank.axis_stride = Krok $s$ [słowa czterobajtowe]
bank.axis_cycles = Cykle na dostęp
bank.axis_ns = Czas dostępu [ns]
bank.figure = Liczba cykli na dostęp całej osnowy do pamięci współdzielonej@@DEV@@ w funkcji kroku $s$ (mediana; oś logarytmiczna) oraz cykle kroku~1 pomnożone przez oczekiwaną krotność konfliktu $\gcd(s, 32)$ (kropkowana).
bank.figure_ns = Czas dostępu całej osnowy do pamięci współdzielonej@@DEV@@ w funkcji kroku $s$ (mediana; oś logarytmiczna) oraz czas kroku~1 pomnożony przez oczekiwaną krotność konfliktu $\gcd(s, 32)$ (kropkowana).
bank.unit_cycles = cykli
bank.unit_ns = ns
find.bank.odd_same = @@DEV@@Nieparzyste kroki większe od 1 (@@N@@), przy których każdy wątek ma własny bank, kosztują tyle co krok~1 (@@C1@@ na dostęp): od @@LO@@ do @@HI@@ razy tyle, żaden z nich nie jest istotnie dłuższy o więcej niż @@TOL@@.
find.bank.odd_some = @@DEV@@Wśród nieparzystych kroków większych od 1 (@@N@@), przy których każdy wątek ma własny bank, są kroki trwające na dostęp istotnie dłużej niż krok~1 (@@C1@@), o więcej niż @@TOL@@: jest ich @@K@@; wszystkie trwają od @@LO@@ do @@HI@@ razy tyle.
find.bank.even_all = @@DEV@@Każdy parzysty krok powoduje konflikt: wszystkie (@@N@@) trwają na dostęp istotnie dłużej niż krok~1 (@@C1@@), o więcej niż @@TOL@@, od @@LO@@ do @@HI@@ razy tyle.
find.bank.even_some = @@DEV@@Wśród parzystych kroków (@@N@@) są kroki trwające na dostęp istotnie dłużej niż krok~1 (@@C1@@), o więcej niż @@TOL@@: jest ich @@K@@; wszystkie trwają od @@LO@@ do @@HI@@ razy tyle.
find.bank.by_medians = (@@N@@ z nich oceniono wyłącznie według median: brak surowych próbek, zakresy się nakładają.)
find.bank.ns_long = Według median dłuższych o ponad @@TOL@@ jest jeszcze @@N@@, ale nieistotnie.
find.bank.dbl_item = krok~@@S@@: @@R@@ raza dłuższy niż krok~@@S0@@ (@@P@@)
find.bank.doubling = @@DEV@@Każde podwojenie oczekiwanej krotności konfliktu istotnie wydłuża dostęp: @@LIST@@.
find.bank.doubling_medians = @@DEV@@Każde podwojenie oczekiwanej krotności konfliktu wydłuża dostęp według median (nie każdy krok dało się przetestować): @@LIST@@.
find.bank.doubling_not = @@DEV@@Nie każde podwojenie oczekiwanej krotności konfliktu istotnie wydłuża dostęp: @@LIST@@.
find.bank.fit.follow = @@DEV@@Prosta $c \approx @@B@@ \gcd(s, 32) @@SIGN@@ @@A@@$ @@UNIT@@ dobrze opisuje czas dostępu w @@N@@ krokach ($R^2 = @@R2@@$): czas podąża za oczekiwaną krotnością konfliktu, @@B@@ @@UNIT@@ na każde kolejne słowo w najbardziej obciążonym banku.
find.bank.fit.rough = @@DEV@@Prosta $c \approx @@B@@ \gcd(s, 32) @@SIGN@@ @@A@@$ @@UNIT@@ opisuje czas dostępu w @@N@@ krokach tylko w przybliżeniu ($R^2 = @@R2@@$): czas tylko częściowo podąża za oczekiwaną krotnością konfliktu.
find.bank.fit.not = @@DEV@@Najlepsza prosta $c \approx @@B@@ \gcd(s, 32) @@SIGN@@ @@A@@$ @@UNIT@@ wyjaśnia niewiele z czasu dostępu w @@N@@ krokach ($R^2 = @@R2@@$): czas nie podąża za oczekiwaną krotnością konfliktu.
find.bank.counted = @@DEV@@Liczniki sprzętowe mierzą konflikt równy $\gcd(s, 32)$ (z dokładnością do połowy) przy @@K@@ z @@N@@ kroków; przy kroku~32 zliczają krotność @@C32@@.
find.bank.no_base = @@DEV@@Krok~1 nie ma poprawnego pomiaru, więc żaden krok nie jest z nim porównany.

coalesce.title = Łączone i niełączone dostępy do pamięci globalnej
coalesce.absent = Baza nie zawiera pomiarów zestawu łączenia dostępów.
coalesce.intro = Pamięć obsługuje odczyty osnowy 32-bajtowymi sektorami po 8 liczb float: osnowa, której 32 wątki czytają 32 kolejne, wyrównane liczby, potrzebuje 4 sektorów, najmniej jak się da (dostęp łączony; transakcje półosnowy po 64 lub 128 bajtów z wykładu~B to starsza postać tej samej reguły). Trzy eksperymenty, z blokami po 256 wątków: kopia $c_i = a_{i+k}$ zaczynająca się $k = 0, \ldots, 32$ elementów dalej, co dodaje piąty sektor do odczytu każdej osnowy, chyba że $k$ jest wielokrotnością 8; kopia $c_i = a_{is}$ czytająca co $s$-ty element, $s = 1, \ldots, 32$; oraz aktualizacja $p + v\,\Delta t$ trójskładnikowych wektorów float zapisanych jako tablica struktur $\{x, y, z\}$ (\texttt{aos}) albo jako trzy tablice, czyli struktura tablic (\texttt{soa}). Przepustowość to użyteczne bajty odczytane i zapisane, $8N$ dla kopii $N$ elementów i $36N$ dla aktualizacji $N$ wektorów, podzielone przez czas kernela. Model sektorów dla kopii z krokiem: osnowa czytająca co $s$-tą liczbę dotyka $\min(4s, 32)$ sektorów, $\min(s, 8)$ razy więcej bajtów, niż wykorzystuje, a jej zapisy pozostają łączone; na 8 użytecznych bajtów elementu przypada więc $4\min(s, 8) + 4$ przesłanych bajtów i kopia zachowuje $2/(\min(s, 8) + 1)$ przepustowości kroku~1, od $s = 8$ już tylko $2/9 = 22\,\%$.
coalesce.gbs = GB/s
coalesce.table_offset = Przepustowość kopii z przesunięciem $k$, $N = @@N@@$@@DEV@@: mediana z @@SAMPLES@@ w GB/s i w procentach przesunięcia~0.
coalesce.table_offset_non = Przepustowość kopii z przesunięciem $k$@@DEV@@: mediana z @@SAMPLES@@ w GB/s i w procentach przesunięcia~0.
coalesce.table_stride = Przepustowość kopii z krokiem $s$, $N = @@N@@$@@DEV@@: mediana z @@SAMPLES@@ w GB/s, w procentach kroku~1 oraz udział według modelu sektorów.
coalesce.table_stride_non = Przepustowość kopii z krokiem $s$@@DEV@@: mediana z @@SAMPLES@@ w GB/s, w procentach kroku~1 oraz udział według modelu sektorów.
coalesce.offset_note = \nsmark~bez istotnej różnicy względem przesunięcia~0 (szary; Mann--Whitney, $p \ge 0{,}05$), \ntmark~bez testu (brak surowych próbek, zakresy się nakładają).
coalesce.stride_note = Model: $2/(\min(s, 8) + 1)$ w \%. \nsmark~bez istotnej różnicy względem kroku~1 (szary; Mann--Whitney, $p \ge 0{,}05$), \ntmark~bez testu (brak surowych próbek, zakresy się nakładają).
coalesce.pct_k0 = \%~$k{=}0$
coalesce.pct_s1 = \%~$s{=}1$
coalesce.model = Model \%
coalesce.spr = Sekt./żąd.
coalesce.spr_note = Sekt./żąd.: sektory odczytu z pamięci globalnej na żądanie odczytu, zliczone sprzętowo w jednym profilowanym uruchomieniu; model sektorów przewiduje 4 dla łączonej osnowy, 5 przy przesunięciu niebędącym wielokrotnością 8, $\min(4s, 32)$ przy kroku $s$, 12 dla \texttt{aos} i 4 dla \texttt{soa}.
coalesce.counters_none = Sektory na żądanie: nie zmierzono (bez \texttt{-{}-counters}).
coalesce.counters_unavailable = Sektory na żądanie: nie zmierzono; nie udało się odczytać liczników (@@WHY@@).
coalesce.layout = Układ
coalesce.kernel_ms = Kernel [ms]
coalesce.pct_soa = \%~\texttt{soa}
coalesce.layout_table = Aktualizacja $p + v\,\Delta t$ dla $N = @@N@@$ trójskładnikowych wektorów jako tablica struktur i jako struktura tablic@@DEV@@: mediana z @@SAMPLES@@.
coalesce.layout_table_non = Aktualizacja $p + v\,\Delta t$ trójskładnikowych wektorów jako tablica struktur i jako struktura tablic@@DEV@@: mediana z @@SAMPLES@@.
coalesce.layout_note = GB/s: użyteczne $36N$ bajtów (dwa wektory odczytane, jeden zapisany) podzielone przez czas kernela. \nsmark~bez istotnej różnicy względem \texttt{soa} (szary), \ntmark~bez testu.
coalesce.line_offset = przesunięcie $k$
coalesce.line_stride = krok $s$
coalesce.line_model = model sektorów
coalesce.axis_param = Przesunięcie $k$ lub krok $s$ [elementy]
coalesce.figure = Przepustowość kopii@@DEV@@ w funkcji przesunięcia $k$ i kroku $s$ (mediana; oś logarytmiczna); kropkowana: przepustowość kroku~1 pomnożona przez udział według modelu sektorów $2/(\min(s, 8) + 1)$.
find.co.off.none = @@DEV@@Przesunięty początek nie kosztuje istotnie przepustowości: przesunięcia niebędące wielokrotnością 8 elementów (@@NMIS@@) osiągają od @@LO@@ do @@HI@@ z @@G0@@~GB/s kopii wyrównanej, żadne istotnie mniej.
find.co.off.most = @@DEV@@Względem przesunięcia~0 (@@G0@@~GB/s): @@K@@ z @@NMIS@@ przesunięć niebędących wielokrotnością 8 elementów jest istotnie wolniejszych. Osiągają od @@LO@@ do @@HI@@ jej przepustowości; najwolniejsze, $k = @@KW@@$, @@GW@@~GB/s (@@P@@).
find.co.off.some = @@DEV@@Istotnie wolniejsza niż kopia wyrównana (@@G0@@~GB/s) jest tylko część przesunięć niebędących wielokrotnością 8 elementów: @@K@@ z @@NMIS@@. Osiągają od @@LO@@ do @@HI@@ jej przepustowości; najwolniejsze, $k = @@KW@@$, @@GW@@~GB/s (@@P@@).
find.co.off.untested = @@DEV@@Przesunięcia niebędące wielokrotnością 8 elementów (@@NMIS@@) osiągają od @@LO@@ do @@HI@@ z @@G0@@~GB/s kopii wyrównanej, najwolniejsze, $k = @@KW@@$, @@GW@@~GB/s; bez surowych próbek i przy nakładających się zakresach różnic nie testowano.
find.co.untested_n = (@@N@@ z nich bez testu: brak surowych próbek, zakresy się nakładają.)
find.co.off.aligned = @@DEV@@Dodatnie przesunięcia będące wielokrotnością 8 elementów (@@LIST@@), przy których odczyt osnowy mieści się w 4 sektorach, osiągają od @@LO@@ do @@HI@@ przesunięcia~0.
find.co.off.aligned_one = @@DEV@@Przesunięcie @@LIST@@, wielokrotność 8 elementów, przy której odczyt osnowy mieści się w 4 sektorach, osiąga @@LO@@ przesunięcia~0.
find.co.off.no_base = @@DEV@@Przesunięcie~0 nie ma poprawnego pomiaru, więc żadne przesunięcie nie jest z nim porównane.
find.co.off.ctl_cost = @@DEV@@Względem najbliższego wyrównanego przesunięcia powyżej ($8\lceil k/8\rceil$: przesunięcie o całe sektory, te same 4 sektory na osnowę) @@N@@ niewyrównanych przesunięć osiąga od @@LO@@ do @@HI@@; @@K@@ z nich jest istotnie wolniejszych o ponad 2\,\%: dodatkowy sektor czytany przez niewyrównaną osnowę kosztuje przepustowość.
find.co.off.ctl_free = @@DEV@@Względem najbliższego wyrównanego przesunięcia powyżej ($8\lceil k/8\rceil$: przesunięcie o całe sektory, te same 4 sektory na osnowę) @@N@@ niewyrównanych przesunięć osiąga od @@LO@@ do @@HI@@; @@K@@ z nich jest istotnie wolniejszych o ponad 2\,\%: dodatkowy sektor czytany przez niewyrównaną osnowę prawie nic tu nie kosztuje, a tym, co wyróżnia przesunięcie~0, nie jest jego wyrównanie.
find.co.off.ctl_untested = @@DEV@@Względem najbliższego wyrównanego przesunięcia powyżej ($8\lceil k/8\rceil$: przesunięcie o całe sektory) @@N@@ niewyrównanych przesunięć osiąga od @@LO@@ do @@HI@@; bez surowych próbek i przy nakładających się zakresach różnic nie testowano.
find.co.str.no_base = @@DEV@@Krok~1 nie ma poprawnego pomiaru, więc żaden krok nie jest porównany ani z nim, ani z modelem sektorów.
find.co.str.item = $s = @@S@@$: @@SHARE@@ (model @@MODEL@@)
find.co.str.model = @@DEV@@Kopia z krokiem zachowuje z @@G1@@~GB/s kroku~1: @@LIST@@.
find.co.str.within = @@DEV@@Od kroku~2 do~8 zmierzony udział mieści się w granicach @@TOL@@ od modelu sektorów (od @@LO@@ do @@HI@@ modelu): przesyłane sektory tłumaczą stratę.
find.co.str.above = @@DEV@@Od kroku~2 do~8 zmierzony udział leży powyżej modelu sektorów, na poziomie od @@LO@@ do @@HI@@ modelu: kopia traci mniej, niż przewidują przesyłane sektory.
find.co.str.below = @@DEV@@Od kroku~2 do~8 zmierzony udział leży poniżej modelu sektorów, na poziomie od @@LO@@ do @@HI@@ modelu: kopia traci więcej, niż przewidują przesyłane sektory.
find.co.str.mixed = @@DEV@@Od kroku~2 do~8 zmierzony udział wynosi od @@LO@@ do @@HI@@ modelu sektorów: przy części kroków mieści się w granicach @@TOL@@ od niego, przy innych nie.
find.co.str.floor = @@DEV@@Powyżej kroku~8, gdzie każda liczba potrzebuje własnego sektora, a model pozostaje na poziomie @@M@@, zmierzony udział mieści się w granicach @@TOL@@ od niego (od @@LO@@ do @@HI@@ modelu, $s$ do @@SMAX@@).
find.co.str.fall = @@DEV@@Powyżej kroku~8, gdzie każda liczba potrzebuje własnego sektora, a model pozostaje na poziomie @@M@@, zmierzony udział spada dalej, do @@LAST@@ przy $s = @@SMAX@@$: same sektory nie tłumaczą tej straty.
find.co.str.rise = @@DEV@@Powyżej kroku~8, gdzie każda liczba potrzebuje własnego sektora, a model pozostaje na poziomie @@M@@, zmierzony udział pozostaje powyżej niego, na poziomie od @@LO@@ do @@HI@@ modelu.
find.co.str.bey_mixed = @@DEV@@Powyżej kroku~8, gdzie każda liczba potrzebuje własnego sektora, a model pozostaje na poziomie @@M@@, zmierzony udział wynosi od @@LO@@ do @@HI@@ modelu, a przy $s = @@SMAX@@$ @@LAST@@.
find.co.aos.faster = @@DEV@@Struktura tablic aktualizuje wektory z przepustowością @@GB@@~GB/s, @@RATIO@@ raza większą niż tablica struktur z @@GA@@~GB/s (@@P@@).
find.co.aos.slower = @@DEV@@Struktura tablic jest wolniejsza niż tablica struktur: @@GB@@ wobec @@GA@@~GB/s (@@P@@).
find.co.aos.ns = @@DEV@@Struktura tablic (@@GB@@~GB/s) i tablica struktur (@@GA@@~GB/s) nie różnią się istotnie (@@P@@).
find.co.aos.untested = @@DEV@@Struktura tablic osiąga @@GB@@~GB/s, tablica struktur @@GA@@~GB/s; bez surowych próbek i przy nakładających się zakresach różnicy nie testowano.
find.co.spr = @@DEV@@Sektory odczytu z pamięci globalnej na żądanie, zliczone sprzętowo, wobec modelu sektorów: @@LIST@@.
find.co.spr_item = @@WHAT@@: @@V@@ (model @@M@@)

concl.src.P = sprawozdanie~P
concl.src.G = sprawozdanie~G
concl.src.J = notatka~J
concl.src.R = podręcznik~R
concl.src.B = wykład~B
concl.caption_list = Ustalenia źródeł (@@SOURCES@@) i nasze na każdym urządzeniu.
concl.r.transpose = Transpozycja przez pamięć współdzieloną jest szybsza niż transpozycja naiwna.
concl.r.bank = Dostępy do pamięci współdzielonej z krokiem $L$ słów powodują konflikty dla parzystego $L$, a dla nieparzystego nie.
concl.r.bank_text = parzyste $L$: @@ELO@@--@@EHI@@ razy krok~1, @@EK@@ z @@EN@@ dłuższych o ponad @@TOL@@; nieparzyste $L > 1$: @@OLO@@--@@OHI@@ razy, @@OK@@ z @@ON@@
concl.r.bank_text_even = parzyste $L$: @@ELO@@--@@EHI@@ razy krok~1, @@EK@@ z @@EN@@ dłuższych o ponad @@TOL@@; nie zmierzono żadnego nieparzystego kroku większego od 1
concl.b.misaligned = Przesunięty początek rozkłada dostęp osnowy na więcej transakcji i kosztuje przepustowość.
concl.b.strided = Dostęp z krokiem nie jest łączony i kosztuje przepustowość.
concl.b.aos = Do struktury tablic dostęp jest szybszy niż do tablicy struktur.
concl.b.mis_text = @@K@@ z @@N@@ przesunięć $k \not\equiv 0 \pmod 8$ istotnie wolniejszych niż $k = 0$ (@@G0@@~GB/s), na poziomie @@LO@@--@@HI@@ tej wartości
concl.b.mis_text_medians = @@K@@ z @@N@@ przesunięć $k \not\equiv 0 \pmod 8$ poniżej $k = 0$ (@@G0@@~GB/s) według median, na poziomie @@LO@@--@@HI@@ tej wartości
concl.b.mis_ctl_text = @@K@@ z @@N@@ przesunięć $k \not\equiv 0 \pmod 8$ wolniejszych o ponad 2\,\% od wyrównanego przesunięcia $8\lceil k/8\rceil$ nad nimi (istotnie), przy @@LO@@--@@HI@@ jego wartości; $k = 0$: @@G0@@~GB/s
concl.b.str_text = $s = 2$: @@P2@@ wartości dla $s = 1$@@T@@; $s = @@SMAX@@$: @@PMAX@@ (model @@MMAX@@)
concl.b.str_text_one = $s = 2$: @@P2@@ wartości dla $s = 1$@@T@@ (model @@MMAX@@)

# Issue 13, punkty 6 i 7: iloczyn skalarny (podręcznik R) i błądzenie
# losowe (wykład B).
intro.obj.dot = \emph{Iloczyn skalarny} (podręcznik~R): jak szybko redukcja w pamięci współdzielonej oblicza iloczyn skalarny w porównaniu z cuBLAS, w pojedynczej i podwójnej precyzji, ile podwójna precyzja kosztuje czasu i ile zyskuje dokładności.
intro.obj.walkers = \emph{Błądzenie losowe} (wykład~B): o ile szybciej kroczą cząstki, gdy stan ich generatora leży w pamięci współdzielonej i w rejestrach zamiast w pamięci globalnej, i czy błądzenie zachowuje statystykę przewidzianą przez teorię.
word.steps = kroków

dot.title = Iloczyn skalarny z redukcją w pamięci współdzielonej
dot.absent = Baza danych nie zawiera pomiarów zestawu dot.
dot.intro = Każde jądro oblicza iloczyn skalarny $s = \sum_i a_i b_i$ dwóch wektorów o $N$ elementach z przedziału $[0, 1)$ (podręcznik~R). \texttt{dot} sumuje pętlą o kroku siatki, redukuje 256 sum częściowych każdego bloku drzewem w pamięci współdzielonej, a drugie jądro z jednym blokiem redukuje sumy bloków, wszystko w precyzji wektorów; \texttt{cublas\_dot} to SDOT (fp32) lub DDOT (fp64) z cuBLAS. Przepustowość to $2N$ odczytanych elementów przez czas jądra. Wynik porównywany jest z dokładnym iloczynem, liczonym na hoście w rozszerzonej precyzji z sumowaniem kompensowanym: błąd względny nie może przekroczyć $10^{-5}$ w fp32 i $10^{-12}$ w fp64, w przeciwnym razie konfiguracja jest błędna. Gdy oba wektory mieszczą się w pamięci L2 albo jądro mierzone zdarzeniami trwa krócej niż uruchomienie, wynik nie mierzy pamięci urządzenia: takie punkty są oznaczone i nie biorą udziału w porównaniach.
dot.time_ratio = Czas fp64/fp32
dot.pct_cublas = \%~cuBLAS
dot.table = Przepustowość iloczynu skalarnego według długości wektora $N$@@DEV@@: mediana z @@SAMPLES@@ w GB/s, własne jądro w procentach cuBLAS oraz mediana czasu jądra w fp64 podzielona przez tę w fp32.
dot.table_note = Czas fp64/fp32: \nsmark~różnica nieistotna (szare: $p \ge 0{,}05$ lub mediany bliżej niż próg praktyczny), \ntmark~nie testowano (brak surowych próbek, zakresy zachodzą na siebie).
dot.err_max = maks.
dot.err_mean = średnia
dot.err_table = Błąd względny iloczynu skalarnego wobec dokładnego iloczynu według długości wektora $N$@@DEV@@ oraz jego maksimum i średnia po rozmiarach.
dot.err_note = Błąd względny: $|s - s_{\mathrm{exact}}| / |s_{\mathrm{exact}}|$ wyniku konfiguracji; konfiguracja błędna przekroczyła tolerancję.
dot.line_peak = szczyt teoretyczny
dot.axis_n = Długość wektora $N$ [elementy]
dot.figure = Przepustowość iloczynu skalarnego w funkcji długości wektora $N$@@DEV@@: mediana każdego jądra w każdej precyzji oraz teoretyczna przepustowość pamięci urządzenia (kropkowana).
find.dot.vs.faster = @@DEV@@W @@PREC@@ przy $N = @@N@@$ redukcja w pamięci współdzielonej osiąga @@GO@@~GB/s, @@SHARE@@ wyniku cuBLAS (@@GC@@~GB/s): szybciej niż biblioteka (@@P@@).
find.dot.vs.slower = @@DEV@@W @@PREC@@ przy $N = @@N@@$ redukcja w pamięci współdzielonej osiąga @@GO@@~GB/s, @@SHARE@@ wyniku cuBLAS (@@GC@@~GB/s; @@P@@).
find.dot.vs.ns = @@DEV@@W @@PREC@@ przy $N = @@N@@$ redukcja w pamięci współdzielonej (@@GO@@~GB/s) i cuBLAS (@@GC@@~GB/s) nie różnią się istotnie (@@P@@).
find.dot.vs.untested = @@DEV@@W @@PREC@@ przy $N = @@N@@$ redukcja w pamięci współdzielonej osiąga @@GO@@~GB/s, @@SHARE@@ wyniku cuBLAS (@@GC@@~GB/s); bez surowych próbek i przy zachodzących zakresach różnicy nie testowano.
find.dot.text = @@TEXT@@
find.dot.prec.slower = @@DEV@@@@V@@ przy $N = @@N@@$ liczy w fp64 @@RATIO@@ razy dłużej niż w fp32 (@@T64@@ wobec @@T32@@~ms, @@P@@).
find.dot.prec.faster = @@DEV@@@@V@@ przy $N = @@N@@$ jest w fp64 szybsze niż w fp32 (@@T64@@ wobec @@T32@@~ms, @@P@@).
find.dot.prec.ns = @@DEV@@@@V@@ przy $N = @@N@@$ nie wykazuje istotnej różnicy między fp64 (@@T64@@~ms) a fp32 (@@T32@@~ms; @@P@@).
find.dot.prec.untested = @@DEV@@@@V@@ przy $N = @@N@@$ trwa @@T64@@~ms w fp64 i @@T32@@~ms w fp32, @@RATIO@@ razy dłużej; bez surowych próbek i przy zachodzących zakresach różnicy nie testowano.
find.dot.expect.near = Jądro ograniczone pamięcią, które czyta dwa razy więcej bajtów, powinno trwać dwa razy dłużej; stosunek mieści się w granicach @@TOL@@ od tej wartości.
find.dot.expect.below = Jądro ograniczone pamięcią, które czyta dwa razy więcej bajtów, powinno trwać dwa razy dłużej; stosunek jest o ponad @@TOL@@ niższy, więc fp32 wykorzystuje pamięć słabiej niż fp64.
find.dot.expect.above = Jądro ograniczone pamięcią, które czyta dwa razy więcej bajtów, powinno trwać dwa razy dłużej; stosunek przekracza tę wartość o ponad @@TOL@@, więc fp64 kosztuje więcej niż jego bajty: ogranicza je arytmetyka lub redukcja.
find.dot.peak = @@DEV@@Wobec teoretycznej przepustowości pamięci urządzenia, @@PEAK@@~GB/s, przy rozmiarach porównanych powyżej: @@LIST@@.
find.dot.err = @@DEV@@Błąd względny w @@PREC@@ dla @@K@@ rozmiarów: \texttt{dot} najwyżej @@OMAX@@ (średnio @@OMEAN@@), \texttt{cublas\_dot} najwyżej @@CMAX@@ (średnio @@CMEAN@@).
find.dot.ord = @@DEV@@Średni błąd względny \texttt{dot} w fp32, @@E32@@, jest o @@ORD@@ rzędów wielkości większy niż w fp64, @@E64@@.
find.dot.ord_exact = @@DEV@@Średni błąd względny \texttt{dot} w fp32 wynosi @@E32@@, a fp64 zgodziło się z dokładnym iloczynem przy każdym rozmiarze.
find.dot.ord_not = @@DEV@@Średni błąd względny \texttt{dot} w fp32, @@E32@@, nie jest większy niż w fp64, @@E64@@: podwójna precyzja nie daje tu większej dokładności.
find.dot.n_grows = rośnie
find.dot.n_shrinks = maleje
find.dot.n_flat = zmienia się mniej niż dwukrotnie
find.dot.n_item = @@V@@ @@W@@ (@@ELO@@ przy $N = @@NLO@@$, @@EHI@@ przy $N = @@NHI@@$)
find.dot.n_list = @@DEV@@Od najkrótszego do najdłuższego wektora błąd względny: @@LIST@@.
find.dot.verified_all = @@DEV@@Wszystkie @@N@@ konfiguracje \texttt{dot} przeszły weryfikację wobec dokładnego iloczynu: redukcja w pamięci współdzielonej oblicza iloczyn skalarny.
find.dot.verified_some = @@DEV@@Tylko @@K@@ z @@N@@ konfiguracji \texttt{dot} przeszło weryfikację wobec dokładnego iloczynu; błędne wymieniono powyżej i nie podano ich szybkości.
find.dot.nonsteady = @@DEV@@Przy $N = @@NLIST@@$ część punktów mieści się w pamięci L2, ma mniej bloków niż multiprocesorów lub, mierzona zdarzeniami, trwa krócej niż uruchomienie (oznaczone w tabeli): nie biorą udziału w porównaniach powyżej.
find.dot.nosteady = @@DEV@@Żadna długość wektora nie ma obu jąder ani obu precyzji zmierzonych w stanie ustalonym, więc niczego nie porównano.

walkers.title = Błądzenie losowe i stan generatora
walkers.absent = Baza danych nie zawiera pomiarów zestawu walkers.
walkers.intro = Każda z $W$ cząstek startuje z 0 i wykonuje $S$ kroków $+1$ lub $-1$, wybieranych przez własny generator xorshift32 (wykład~B). Jądra różnią się tylko miejscem, w którym stan generatora przechowywany jest między krokami: w pamięci globalnej (\texttt{walk\_global}), w pamięci współdzielonej (\texttt{walk\_shared}) lub w rejestrach (\texttt{walk\_registers}); bloki po 256 wątków, jedna cząstka na wątek. Szybkość to $W S$ kroków przez czas jądra, w $10^9$ kroków na sekundę. Każda konfiguracja jest sprawdzana dokładnie wobec przebiegu tego samego generatora na CPU dla próbki cząstek, a końcowe położenia wszystkich cząstek wobec teorii: średnia 0 z błędem standardowym $\sqrt{S/W}$, wariancja $S$ z błędem standardowym $S\sqrt{2/(W-1)}$. Punkty o mniejszej liczbie bloków niż multiprocesorów lub, mierzone zdarzeniami, krótsze niż uruchomienie są oznaczone i pomijane przy wyborze ,,największego punktu''.
walkers.gsteps = Gkroków/s
walkers.speedup = Przyspieszenie
walkers.walkers = $W$
walkers.steps = $S$
walkers.h_global = globalna
walkers.h_shared = współdz.
walkers.h_regs = rejestry
walkers.h_sg = S/G
walkers.h_rs = R/S
walkers.h_rg = R/G
walkers.table = Szybkość błądzenia losowego według liczby cząstek $W$ i kroków $S$@@DEV@@: mediana z @@SAMPLES@@ w $10^9$ kroków na sekundę oraz łańcuch przyspieszeń od pamięci globalnej (G) przez współdzieloną (S) do rejestrów (R).
walkers.table_note = Przyspieszenie: stosunek szybkości, odwrotność stosunku czasów; \nsmark~różnica nieistotna (szare: $p \ge 0{,}05$ lub mediany bliżej niż próg praktyczny), \ntmark~nie testowano (brak surowych próbek, zakresy zachodzą na siebie).
walkers.kernel = Jądro
walkers.h_mean = Średnia
walkers.h_var = $\sigma^2/S$
walkers.all = \emph{wszystkie trzy}
walkers.stat_table = Końcowe położenia cząstek wobec teorii@@DEV@@: ich średnia, $z$ = średnia podzielona przez jej błąd standardowy $\sqrt{S/W}$, ich wariancja podzielona przez liczbę kroków $S$ oraz $z_{\sigma^2}$ = odległość tego stosunku od 1 podzielona przez jego błąd standardowy $\sqrt{2/(W-1)}$.
walkers.stat_note = Uczciwe błądzenie utrzymuje $|z|$ i $|z_{\sigma^2}|$ poniżej @@SIG@@ poza rzadkimi przypadkami. \emph{Wszystkie trzy}: trzy jądra podają te same wartości.
walkers.stat_none = Pomiar nie zapisał średniej ani wariancji końcowych położeń.
walkers.axis_steps = Kroki $S$ na cząstkę
walkers.axis_gsteps = Szybkość [$10^9$ kroków/s]
walkers.figure = Szybkość błądzenia losowego w funkcji liczby kroków na cząstkę@@DEV@@: mediana każdego jądra, dla największej liczby cząstek linią ciągłą, dla pozostałych kropkowaną.
find.wk.step.faster = @@R@@ razy szybciej (@@P@@)
find.wk.step.slower = wolniej, @@R@@ szybkości (@@P@@)
find.wk.step.ns = bez istotnej różnicy (@@R@@ razy, @@P@@)
find.wk.step.untested = @@R@@ razy szybciej według median (nie testowano)
find.wk.chain = @@DEV@@Przy $W = @@W@@$ cząstkach po $S = @@S@@$ kroków, największym punkcie w stanie ustalonym, stan w pamięci globalnej daje @@GG@@~Gkroków/s; w pamięci współdzielonej @@GS@@, @@STEP1@@; w rejestrach @@GR@@, wobec pamięci współdzielonej @@STEP2@@: @@RG@@ razy szybkość pamięci globalnej.
find.wk.lecture = @@DEV@@Czasy z wykładu~B dla pamięci globalnej, współdzielonej i rejestrów, 3,7, 0,7 i 0,5~s (34~s na procesorze x86), mają się jak 1 : @@LS@@ : @@LR@@; nasze w tym punkcie jak 1 : @@TS@@ : @@TR@@.
find.wk.chain_all = @@DEV@@Kolejność pamięć globalna, współdzielona, rejestry, każde istotnie szybsze od poprzedniego, zachodzi we wszystkich @@N@@ punktach, w których zmierzono trzy jądra.
find.wk.chain_some = @@DEV@@Kolejność pamięć globalna, współdzielona, rejestry, każde istotnie szybsze od poprzedniego, zachodzi w @@K@@ z @@N@@ punktów, w których zmierzono trzy jądra.
find.wk.stat_ok = @@DEV@@Błądzenie zachowuje się zgodnie z teorią we wszystkich @@N@@ konfiguracjach: $|z| \le @@ZMAX@@$ dla średniej, a wariancja wynosi od @@VLO@@ do @@VHI@@ liczby kroków, wszędzie w granicach @@SIG@@ błędów standardowych.
find.wk.stat_bad = @@DEV@@Spośród @@N@@ konfiguracji @@ZB@@ ma średnią odległą od 0 o ponad @@SIG@@ błędy standardowe (największe $|z|$ @@ZMAX@@); wariancja wynosi od @@VLO@@ do @@VHI@@ liczby kroków.
find.wk.var_bad = @@DEV@@Wariancja odbiega od liczby kroków o ponad @@SIG@@ błędy standardowe w @@VB@@ z @@N@@ konfiguracji: to nie jest błądzenie uczciwej monety.
find.wk.exact_all = @@DEV@@Wszystkie @@N@@ konfiguracje zgodziły się dokładnie z przebiegiem tego samego generatora na CPU dla sprawdzonych cząstek.
find.wk.exact_some = @@DEV@@Tylko @@K@@ z @@N@@ konfiguracji zgodziło się dokładnie z przebiegiem tego samego generatora na CPU; pozostałe wymieniono powyżej i nie podano ich szybkości.
find.wk.nonsteady = @@DEV@@Punkty $W/S$ = @@LIST@@ miały mniej bloków, niż GPU ma multiprocesorów, lub, mierzone zdarzeniami, trwały krócej niż uruchomienie (oznaczone w tabeli) i pominięto je przy wyborze największego punktu.
find.wk.nosteady = @@DEV@@Żaden punkt nie ma trzech jąder zmierzonych w stanie ustalonym, więc łańcucha nie oceniono w największym punkcie.

concl.r.dot_prec = Podwójna precyzja jest wolniejsza od pojedynczej, ale dokładniejsza.
concl.r.dot_reduce = Redukcja w pamięci współdzielonej oblicza iloczyn skalarny.
concl.r.dot_time = czasu fp32
concl.r.dot_err = średni błąd względny fp64 wobec fp32
concl.r.dot_verified = zweryfikowano @@K@@ z @@N@@ konfiguracji
concl.r.dot_of_cublas = wyniku cuBLAS
concl.b.walkers = Przechowywanie stanu generatora w pamięci współdzielonej, a jeszcze lepiej w rejestrach, przyspiesza błądzenie losowe.

# Zadanie 13, punkt 2: iloczyn macierzy prostokątnych z podręcznika R,
# wymiary dopełnione do bloku (render/sec_rect.c; wniosek w
# sec_conclusions.c).
intro.obj.rect = \emph{Iloczyn prostokątny} (podręcznik~R): jak szybko działa kafelkowy iloczyn macierzy prostokątnych, gdy każdy wymiar dopełniony jest do wielokrotności bloku, ile dopełnienie kosztuje przy każdym bloku, ile podwójna precyzja kosztuje wobec pojedynczej i jak dokładne są obie, obok cuBLAS.
rect.title = Iloczyn macierzy prostokątnych dopełnionych do bloku
rect.absent = Baza danych nie zawiera pomiarów zestawu rect.
rect.intro = To doświadczenie sprawdza, jak szybko działa iloczyn macierzy prostokątnych z podręcznika~R, gdy każdy wymiar dopełniony jest do bloku, ile dopełnienie kosztuje przy każdym rozmiarze bloku, ile podwójna precyzja kosztuje wobec pojedynczej i jak dokładne są obie. Jądro \texttt{rect} oblicza $C = AB$ dla macierzy $A$ o wymiarach $m \times k$ i macierzy $B$ o wymiarach $k \times n$ (w podręczniku~R $(\mathit{Arows} \times \mathit{Acols}) \cdot (\mathit{Acols} \times \mathit{Bcols})$) z kafelkami w pamięci współdzielonej i blokami $b \times b$ wątków, w pojedynczej (fp32) i podwójnej precyzji (fp64); \texttt{cublas} to SGEMM lub DGEMM z cuBLAS na tych samych danych. Jak w podręczniku każdy wymiar dopełniany jest do wielokrotności bloku, $X' = \lceil X/b \rceil\,b$: siatka obejmuje $\lceil m/b \rceil \times \lceil n/b \rceil$ kafelków macierzy $C$, a każdy z nich przechodzi $\lceil k/b \rceil$ kafelków wzdłuż $k$. Podręcznik dopełnia tablice zerami przed uruchomieniem; \texttt{rect} zamiast tego czyta zera poza krawędziami i zapisuje tylko elementy leżące w $C$, co daje tę samą arytmetykę: jądro wykonuje $M'K'N'$ mnożeń z dodawaniem iloczynu dopełnionego, z czego $mkn$ jest użytecznych. Ich stosunek $M'K'N'/(mkn) \ge 1$, współczynnik pracy dopełnionej, to praca, którą blok marnuje. GFLOP/s liczą pracę użyteczną, $2mkn$, podzieloną przez czas jądra. Każdy wynik sprawdzany jest względem DGEMM z cuBLAS na tych samych danych (tolerancję podaje rozdział o metodzie); konfiguracja, która ją przekracza, jest błędna. Dokładność mierzona jest na 1024 wylosowanych elementach $C$, w tym jej narożnikach, względem iloczynu kompensowanego w long double: błąd elementu $|c_{ij} - \hat c_{ij}|$ podzielony przez $\sum_k |a_{ik} b_{kj}|$, skalę klasycznego oszacowania $\gamma_k \approx k u$, podany w jednostkach błędu zaokrąglenia $u$ danej precyzji. Dane wejściowe mają rozkład jednostajny w $[-1, 1)$: losowe liczby float w fp32 i losowe liczby double o pełnych 53 bitach w fp64 (float rozszerzone do double dałyby w double dokładne iloczyny i ukryły zaokrąglenie); każda precyzja jest porównywana z dokładnym iloczynem własnych danych, więc jej błąd to błąd samej arytmetyki.
rect.shapes.one = @@N@@ kształtu
rect.shapes.few = @@N@@ kształtów
rect.shapes.many = @@N@@ kształtów
rect.shape = Kształt $m \times k \times n$
rect.padded = $M' \times K' \times N'$
rect.ratio = Współcz.
rect.pad_table = Dopełnienie każdego kształtu do bloku@@DEV@@: kształt dopełniony $M' \times K' \times N'$ i współczynnik pracy dopełnionej $M'K'N'/(mkn)$.
rect.pad_note = Współczynnik to liczba mnożeń z dodawaniem wykonanych przez jądro podzielona przez liczbę użytecznych; zależy od kształtu i bloku, nie od precyzji.
rect.best_head = Najszybszy blok
rect.pct_cublas = \%~cuBLAS
rect.pad_best = Współcz.
rect.time_ratio = Czas fp64/fp32
rect.table = GFLOP/s iloczynu dopełnionego w fp32 według kształtu@@DEV@@: mediana z @@SAMPLES@@ dla każdego bloku i dla cuBLAS; najszybszy blok w procentach cuBLAS i jego współczynnik pracy dopełnionej.
rect.table_fp64 = GFLOP/s iloczynu dopełnionego w fp64 według kształtu@@DEV@@: mediana z @@SAMPLES@@ dla każdego bloku i dla cuBLAS; najszybszy blok w procentach cuBLAS i jego współczynnik pracy dopełnionej; mediana czasu jądra w fp64 podzielona przez tę w fp32.
rect.table_note = Pogrubienie: najszybszy blok danego kształtu.
rect.table_note64 = Pogrubienie: najszybszy blok danego kształtu. Czas fp64/fp32: \texttt{rect} przy najszybszym bloku każdej precyzji; \nsmark~różnica nieistotna (szare: $p \ge 0{,}05$ lub mediany bliżej niż próg praktyczny), \ntmark~nie testowano (brak surowych próbek, zakresy zachodzą na siebie).
rect.regime_note = Przy takim kształcie czas bloku mierzy też bezczynne multiprocesory; bloki są mimo to uszeregowane, bo liczba bloków siatki jest częścią kosztu rozmiaru bloku, ale kształt nie wchodzi do ,,\% szczytu''.
rect.acc_max = maks.
rect.acc_mean = średnia
rect.acc_table = Dokładność iloczynu według kształtu@@DEV@@, w jednostkach błędu zaokrąglenia $u$ ($2^{-24}$ w fp32, $2^{-53}$ w fp64): największy i średni błąd wylosowanych elementów, \texttt{rect} przy najszybszym bloku danego kształtu.
rect.acc_note = Błąd elementu: $|c_{ij} - \hat c_{ij}| / \sum_k |a_{ik} b_{kj}|$ względem iloczynu kompensowanego w long double; klasyczne oszacowanie to $\gamma_k \approx k u$.
rect.axis_shape = Kształt $m \times k \times n$ (według pracy użytecznej)
rect.figure = GFLOP/s iloczynu dopełnionego według kształtu@@DEV@@: mediana (oś logarytmiczna) każdego bloku i cuBLAS, fp32 linią ciągłą, fp64 kropkowaną.
rect.find.text = @@TEXT@@
rect.find.best = @@DEV@@W @@PREC@@ najszybszy jest blok $b = @@B@@$ przy @@K@@ z @@N@@; według kształtu: @@LIST@@.
rect.find.best_item = @@SHAPE@@: $b = @@B@@$, @@G@@~GFLOP/s, @@LEAD@@
rect.find.lead.faster = @@R@@ razy $b = @@B2@@$ (@@P@@)
rect.find.lead.ns = bez istotnej przewagi nad $b = @@B2@@$ (@@R@@ razy, @@P@@)
rect.find.lead.untested = @@R@@ razy $b = @@B2@@$ według median (nie testowano)
rect.find.lead.none = jedyny blok, który się wykonał
rect.find.pad = @@DEV@@W @@PREC@@ przy kształcie @@SHAPE@@ blok $b = @@BW@@$ dopełnia pracę do @@PW@@ pracy użytecznej, a $b = @@BL@@$ do @@PL@@, co daje stosunek @@RP@@; $b = @@BW@@$ trwa @@RT@@ razy dłużej niż $b = @@BL@@$ (@@P@@).
rect.find.pad.explains = Na jedno dopełnione mnożenie z dodawaniem oba bloki pracują w granicach @@TOL@@ (@@E@@ razy): dopełnienie wyjaśnia różnicę.
rect.find.pad.more = Stosunek czasów przekracza dopełnienie: na jedno dopełnione mnożenie z dodawaniem $b = @@BW@@$ jest również @@E@@ razy wolniejszy, więc dopełnienie wyjaśnia tylko część różnicy.
rect.find.pad.less = Stosunek czasów pozostaje poniżej dopełnienia: na jedno dopełnione mnożenie z dodawaniem $b = @@BW@@$ potrzebuje @@E@@ czasu bloku $b = @@BL@@$, więc jego szybsza praca równoważy część lub całość straty i dopełnienie nie rozstrzyga o kolejności.
rect.find.pad.ns = Czasy nie różnią się istotnie, więc te dane nie wykazują tu kosztu dopełnienia.
rect.find.pad.medians = (Według median; bez surowych próbek i przy zachodzących zakresach nie testowano.)
rect.find.ratio_item = @@SHAPE@@ @@R@@ (@@P@@)
rect.find.prec = @@DEV@@Czas jądra w fp64 podzielony przez czas w fp32, \texttt{rect} przy najszybszym bloku każdej precyzji: @@LIST@@; cuBLAS: @@LLIST@@.
rect.find.prec_nolib = @@DEV@@Czas jądra w fp64 podzielony przez czas w fp32, \texttt{rect} przy najszybszym bloku każdej precyzji: @@LIST@@.
rect.find.pr.near = Szczytowe wydajności urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, czyli jak czasy jądra ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} mieści się w granicach @@TOL@@ od tej wartości.
rect.find.pr.below = Szczytowe wydajności urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, czyli jak czasy jądra ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} leży o ponad @@TOL@@ niżej: jądro nie pracuje w tempie jednostek FP32, więc wolniejsze jednostki FP64 kosztują je mniej, niż wynika ze stosunku szczytów.
rect.find.pr.above = Szczytowe wydajności urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, czyli jak czasy jądra ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} przekracza tę wartość o ponad @@TOL@@: fp64 kosztuje jądro więcej, niż tłumaczą jego jednostki arytmetyczne.
rect.find.pr.mixed = Szczytowe wydajności urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, czyli jak czasy jądra ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} leży częściowo w granicach @@TOL@@ od tej wartości, a częściowo poza nimi: kształty różnią się tym, co je ogranicza.
rect.find.pr.two = Na tym urządzeniu element fp64 ma też dwa razy więcej bajtów niż fp32: stosunek bliski 2 pasuje zarówno do jądra ograniczonego ruchem w pamięci, jak i do ograniczonego arytmetyką, a te dane nie pozwalają ich rozróżnić.
rect.find.pr.none = Baza danych nie zawiera szczytowej wydajności FP64 tego urządzenia (pomiar zapisuje ją tylko wtedy, gdy zna jednostki FP64 danej wersji obliczeniowej), więc stosunku nie zestawiono ze szczytami.
rect.find.lib = @@DEV@@W @@PREC@@ najszybszy blok osiąga @@RANGE@@ wyniku cuBLAS dla wszystkich kształtów; przy największym, @@SHAPE@@, @@G@@ wobec @@GC@@~GFLOP/s, czyli @@PCT@@ (@@P@@).
rect.find.lib_one = @@DEV@@W @@PREC@@ przy kształcie @@SHAPE@@ najszybszy blok osiąga @@G@@ wobec @@GC@@~GFLOP/s cuBLAS, czyli @@PCT@@ (@@P@@).
rect.find.peak32 = @@DEV@@W fp32 przy kształcie @@SHAPE@@ najszybszy blok osiąga @@A@@ szczytowej wydajności FP32, a cuBLAS @@C@@; ten szczyt to @@PK@@~GFLOP/s przy zarejestrowanym zegarze.
rect.find.peak32_nolib = @@DEV@@W fp32 przy kształcie @@SHAPE@@ najszybszy blok osiąga @@A@@ szczytowej wydajności FP32; ten szczyt to @@PK@@~GFLOP/s przy zarejestrowanym zegarze.
rect.find.peak64 = @@DEV@@W fp64 przy kształcie @@SHAPE@@ najszybszy blok osiąga @@A@@ szczytowej wydajności FP64, a cuBLAS @@C@@; ten szczyt, nigdy szczyt FP32, to @@PK@@~GFLOP/s przy zarejestrowanym zegarze.
rect.find.peak64_nolib = @@DEV@@W fp64 przy kształcie @@SHAPE@@ najszybszy blok osiąga @@A@@ szczytowej wydajności FP64; ten szczyt, nigdy szczyt FP32, to @@PK@@~GFLOP/s przy zarejestrowanym zegarze.
rect.find.acc = @@DEV@@Dokładność w @@PREC@@ ($u = @@U@@$) dla @@N@@: \texttt{rect} najwyżej @@RMAX@@~$u$ (średnia najwyżej @@RMEAN@@~$u$), cuBLAS najwyżej @@CMAX@@~$u$ (średnia najwyżej @@CMEAN@@~$u$); każdy błąd \texttt{rect} leży poniżej najgorszego oszacowania $k u$ ($k$ od @@KLO@@ do @@KHI@@).
rect.find.acc_one = @@DEV@@Dokładność w @@PREC@@ ($u = @@U@@$) dla @@N@@: \texttt{rect} najwyżej @@RMAX@@~$u$ (średnia najwyżej @@RMEAN@@~$u$), cuBLAS najwyżej @@CMAX@@~$u$ (średnia najwyżej @@CMEAN@@~$u$); każdy błąd \texttt{rect} leży poniżej najgorszego oszacowania $k u$ ($k$ = @@KLO@@).
rect.find.acc_over = @@DEV@@Dokładność w @@PREC@@ ($u = @@U@@$) dla @@N@@: \texttt{rect} najwyżej @@RMAX@@~$u$ (średnia najwyżej @@RMEAN@@~$u$), cuBLAS najwyżej @@CMAX@@~$u$ (średnia najwyżej @@CMEAN@@~$u$); dla @@NX@@ błąd \texttt{rect} przekracza najgorsze oszacowanie $k u$, czego poprawny iloczyn w tej precyzji nie może.
rect.find.acc_ratio = @@DEV@@Średni błąd \texttt{rect} w fp32 jest @@R@@ razy większy niż w fp64 (dla wszystkich kształtów); błędy zaokrąglenia obu precyzji mają się jak @@UR@@~:~1.
rect.find.verified_all = @@DEV@@Weryfikację względem DGEMM przeszły wszystkie konfiguracje \texttt{rect} (@@N@@; największy błąd względny @@E@@): iloczyn dopełniony jest poprawny dla każdego zmierzonego kształtu, bloku i precyzji.
rect.find.verified_some = @@DEV@@Wynik weryfikacji względem DGEMM: poprawnych jest tylko @@K@@ z @@N@@ konfiguracji \texttt{rect}; błędne wymieniono wyżej i nie biorą udziału w porównaniach.
rect.find.nonsteady = @@DEV@@Przy kształtach @@LIST@@ niektóre punkty miały mniej bloków, niż GPU ma multiprocesorów, lub, mierzone zdarzeniami, trwały krócej niż uruchomienie (oznaczone w tabelach): tam czas bloku mierzy też bezczynne multiprocesory, więc dane nie pozwalają przypisać różnicy między blokami samemu dopełnieniu.
rect.concl.claim = Iloczyn macierzy prostokątnych z każdym wymiarem dopełnionym do bloku jest poprawny, w precyzji float i double.
rect.concl.verified = zweryfikowano @@K@@ z @@N@@ konfiguracji
rect.concl.time = fp64 @@LO@@--@@HI@@$\times$ czasu fp32
rect.concl.time_one = fp64 @@LO@@$\times$ czasu fp32
rect.concl.pad = dopełnienie do $b = @@B@@$ dodaje do @@W@@ pracy (@@SHAPE@@)

# Issue 13, item 1: float a double w podręczniku R, na jądrach mnożenia
# macierzy (render/sec_precision.c).
intro.obj.precision = \emph{Pojedyncza a podwójna precyzja} (podręcznik~R): o ile dłużej jądra mnożenia macierzy i cuBLAS liczą w fp64 niż w fp32, w zestawieniu ze stosunkiem szczytowej wydajności FP32 i FP64 urządzenia, i o ile fp64 jest dokładniejsze, w zestawieniu z jednostkami zaokrąglenia.
precision.title = Pojedyncza a podwójna precyzja w mnożeniu macierzy
precision.absent = Baza danych nie zawiera pomiarów zestawu precision.
precision.intro = Cel: ustalić, o ile dłużej trwa mnożenie macierzy w podwójnej precyzji (fp64) niż w pojedynczej (fp32), wobec stosunku szczytowej wydajności FP32 i FP64 urządzenia, i o ile jest dokładniejsze, wobec jednostek zaokrąglenia (podręcznik~R porównuje float i double pod względem szybkości i dokładności). Jądra \texttt{v2}--\texttt{v5} (raport~P), \texttt{simple} i \texttt{shared} (raport~G) oraz cuBLAS (\texttt{cublas}: SGEMM w fp32, DGEMM w fp64) obliczają $C = AB$ dla kwadratowych macierzy $n \times n$, więc $k = n$. Dane wejściowe mają rozkład jednostajny na $[-1, 1)$: losowe liczby float w fp32, losowe liczby double o wszystkich 53 bitach w fp64 (liczby float rozszerzone do double dałyby w double dokładne iloczyny i ukryły jego zaokrąglenia). Jądra jednego rozmiaru i jednej precyzji mierzono naprzemiennie; fp32 i fp64 mierzono jedno po drugim. GFLOP/s to $2n^3$ przez czas jądra. Każdy wynik sprawdzono wobec DGEMM z cuBLAS dla tych samych danych (tolerancję podaje rozdział o metodzie); konfiguracja, która ją przekracza, jest błędna. Błąd mierzono na 1024 elementach $C$, w tym czterech narożnikach, wobec iloczynu liczonego w long double z sumowaniem kompensowanym: dla każdego elementu $|c_{ij} - \hat c_{ij}|$ podzielone przez $\sum_k |a_{ik} b_{kj}|$, skalę klasycznego oszacowania $|c_{ij} - \hat c_{ij}| \le \gamma_k \sum_k |a_{ik} b_{kj}|$, $\gamma_k = k u / (1 - k u) \approx k u$, gdzie $u$ to jednostka zaokrąglenia: $2^{-24} \approx \num{5.96e-8}$ w fp32 i $2^{-53} \approx \num{1.11e-16}$ w fp64.
precision.h_kernel = Jądro
precision.h_block = Blok
precision.h_pct = \%~szczytu
precision.h_ratio = Czas fp64/fp32
precision.h_prec = Precyzja
precision.h_max = maks.
precision.h_mean = średnia
precision.bound = oszacowanie $k u$
precision.table = Mnożenie macierzy w fp32 i fp64 przy $n = @@N@@$@@DEV@@: mediana z @@SAMPLES@@ w GFLOP/s, w procentach szczytowej wydajności urządzenia w danej precyzji oraz mediana czasu jądra w fp64 podzielona przez tę w fp32.
note.apart = fp32 i fp64 próbkowano po kolei, nie na przemian: zmiana warunków między nimi (zegar, temperatura) jest częścią ilorazu.
precision.table_note = \%~szczytu: szczytowej wydajności FP32 lub FP64 (cuBLAS w fp64 na urządzeniach 8.0 i 9.0: szczytu FP64 rdzeni tensorowych), przeliczonej na zegar SM zapisany przy konfiguracji. Czas fp64/fp32: \nsmark~różnica nieistotna (szare: $p \ge 0{,}05$ lub mediany bliżej niż próg praktyczny), \ntmark~nie testowano (brak surowych próbek, zakresy zachodzą na siebie).
precision.note_nopeak32 = Szczytowa wydajność FP32 tego urządzenia jest nieznana (mmreport nie zna liczby rdzeni dla jego możliwości obliczeniowych): nie podano jej udziału.
precision.note_nopeak64 = Szczytowa wydajność FP64 tego urządzenia jest nieznana (mmreport nie zna liczby jednostek FP64 dla jego możliwości obliczeniowych): nie podano jej udziału.
precision.acc_table = Błąd mnożenia macierzy wobec kompensowanego iloczynu w long double@@DEV@@: największy i średni błąd na próbce elementów $C$, a pod każdą precyzją najgorsze oszacowanie $k u$ dla każdego rozmiaru.
precision.acc_note = Błąd elementu: $|c_{ij} - \hat c_{ij}| / \sum_k |a_{ik} b_{kj}|$, $k = n$. Jednostka zaokrąglenia $u$: $2^{-24}$ w fp32, $2^{-53}$ w fp64.
precision.figure = Wydajność mnożenia macierzy w funkcji rozmiaru $n$@@DEV@@ (mediana; osie logarytmiczne): każde jądro w swoim kolorze, fp32 linią ciągłą, fp64 kropkowaną, oraz szczytowa wydajność FP32 i FP64 urządzenia (kropkowane, bez znaczników).
precision.figure_nopeak = Wydajność mnożenia macierzy w funkcji rozmiaru $n$@@DEV@@ (mediana; osie logarytmiczne): każde jądro w swoim kolorze, fp32 linią ciągłą, fp64 kropkowaną.
precision.line_peak32 = szczyt FP32
precision.line_peak64 = szczyt FP64
precision.find.text = @@TEXT@@
precision.find.nosteady = @@DEV@@Żaden rozmiar nie ma jądra zmierzonego w stanie ustalonym w obu precyzjach, więc czasów fp32 i fp64 nie porównano.
precision.find.cmp_all = @@DEV@@Przy $n = @@N@@$ każde porównane jądro liczy w fp64 istotnie dłużej niż w fp32 (Mann--Whitney na czasach jądra); fp64 wobec fp32: @@LIST@@.
precision.find.cmp_some = @@DEV@@Przy $n = @@N@@$ @@K@@ z @@NK@@ porównanych jąder liczy w fp64 istotnie dłużej niż w fp32 (Mann--Whitney na czasach jądra); fp64 wobec fp32: @@LIST@@.
precision.find.item.slower = @@V@@ @@R@@ razy (@@P@@)
precision.find.item.faster = @@V@@ @@R@@ razy, w fp64 szybciej (@@P@@)
precision.find.item.ns = @@V@@ @@R@@ razy, różnica nieistotna (@@P@@)
precision.find.item.untested = @@V@@ @@R@@ razy według median (nie testowano: brak surowych próbek, zakresy zachodzą na siebie)
precision.find.missing = @@DEV@@Nie porównano przy $n = @@N@@$, gdzie jedna z precyzji była błędna, pominięta, niezmierzona lub nie w stanie ustalonym: @@LIST@@.
precision.find.expect = @@DEV@@Szczytowe wydajności urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@~GFLOP/s w FP64, mają się jak @@R@@ : 1: jądro ograniczone jednostkami arytmetycznymi powinno w fp64 liczyć @@R@@ razy dłużej, a ograniczone ruchem w pamięci około 2 razy, bo jego elementy są dwa razy większe.
precision.find.expect_same = Na tym urządzeniu oba oczekiwania leżą w granicach @@TOL@@ od siebie, więc sam stosunek czasów nie rozstrzyga, co ogranicza jądro.
precision.find.cls = Wobec stosunku szczytów: @@LIST@@.
precision.find.cls.near = w granicach @@TOL@@ od niego @@LIST@@
precision.find.cls.below = ponad @@TOL@@ poniżej niego @@LIST@@
precision.find.cls.above = ponad @@TOL@@ powyżej niego @@LIST@@
precision.find.fast64 = @@DEV@@Najszybsze w fp64 przy $n = @@N@@$ jest @@V@@ z @@G@@~GFLOP/s, czyli @@PCT@@ szczytowej wydajności FP64 (@@PEAK@@~GFLOP/s przy zapisanym zegarze).
precision.find.fast64_own = Najszybsze własne jądro w fp64, @@V@@, osiąga @@G@@~GFLOP/s, czyli @@PCT@@ szczytowej wydajności FP64 i @@SHARE@@ wydajności biblioteki.
precision.find.fast64_tc = @@DEV@@Najszybsze w fp64 przy $n = @@N@@$ jest @@V@@ z @@G@@~GFLOP/s, czyli @@PCT@@ szczytowej wydajności FP64 rdzeni tensorowych (@@PEAK@@~GFLOP/s przy zapisanym zegarze): na urządzeniach 8.0 i 9.0 iloczyn podwójnej precyzji biblioteki liczą rdzenie tensorowe, dwa razy szybciej niż rdzenie CUDA w FP64.
precision.find.fast64_over = @@DEV@@Najszybsze w fp64 przy $n = @@N@@$ jest @@V@@ z @@G@@~GFLOP/s, więcej niż szczyt, do którego je odniesiono (@@PEAK@@~GFLOP/s przy zapisanym zegarze): to błąd tego szczytu (zegar lub liczba jednostek nie pasują do urządzenia), więc nie podano udziału.
precision.find.fast64_own_over = Najszybsze własne jądro w fp64, @@V@@, osiąga @@G@@~GFLOP/s, więcej niż szczyt FP64: to błąd tego szczytu, więc nie podano udziału; @@SHARE@@ wydajności biblioteki.
rect.find.peak64_tc = @@DEV@@W fp64 przy @@SHAPE@@ najszybszy blok osiąga @@A@@ szczytu FP64 rdzeni CUDA (@@PK@@~GFLOP/s przy zapisanym zegarze), cuBLAS @@C@@ szczytu FP64 rdzeni tensorowych (@@PKT@@~GFLOP/s), na których na urządzeniach 8.0 i 9.0 liczy iloczyn podwójnej precyzji.
rect.find.peak_over = @@DEV@@cuBLAS w @@PREC@@ przy @@SHAPE@@ przekroczyłby szczyt, do którego go odniesiono: to błąd tego szczytu dla tego urządzenia, więc nie podano udziału.
precision.find.fast64_nopeak = @@DEV@@Najszybsze w fp64 przy $n = @@N@@$ jest @@V@@ z @@G@@~GFLOP/s; szczytowa wydajność FP64 tego urządzenia jest nieznana, więc nie podano jej udziału.
precision.find.acc_ratio = @@DEV@@Przy $n = @@N@@$ średni błąd w fp32 jest @@R@@ razy większy niż w fp64 (jąder: @@K@@); jednostki zaokrąglenia mają się jak $2^{29} \approx \num{5.37e8}$ : 1.
precision.find.acc_not = @@DEV@@Przy $n = @@N@@$ fp64 nie jest dokładniejsze od fp32 dla: @@LIST@@; jego średni błąd nie jest mniejszy niż w fp32.
precision.find.acc_u = @@DEV@@W jednostkach zaokrąglenia $u$ danej precyzji średni błąd przy $n = @@N@@$ wynosi @@L32@@~$u$ w fp32 i @@L64@@~$u$ w fp64, a największy błąd @@M32@@ i @@M64@@~$u$; najgorsze oszacowanie to $k u = @@N@@\,u$.
precision.find.same = @@DEV@@Przy $n = @@N@@$ w @@P@@ jądra @@LIST@@ mają identyczne błędy, największy i średni, co do ostatniej zapisanej cyfry: jądra, które dodają $k$ iloczynów elementu w tej samej kolejności tymi samymi operacjami FMA, zaokrąglają tak samo, więc różnią się tu tylko szybkością.
precision.find.same_other = Pozostałe (@@LIST@@) zaokrąglają inaczej.
precision.find.acc_grow = @@DEV@@Od $k = @@KLO@@$ do $k = @@KHI@@$ średni błąd zmienia się o czynnik @@G32@@ w fp32 i @@G64@@ w fp64 (po jądrach); po dopasowaniu $c\,k^b$ do rozmiarów $b$ = @@B32@@ w fp32 i @@B64@@ w fp64. Wobec oszacowań: najgorsze, $k u$, rośnie z $b = 1$, a to, którego niezależne błędy zaokrągleń z dużym prawdopodobieństwem nie przekraczają, około $\sqrt{k}\,u$, z $b = 0{,}5$.
precision.find.bound_all = @@DEV@@Wszystkie @@N@@ konfiguracje mają największy błąd poniżej oszacowania $k u$, najwyżej @@PCT@@ jego wartości.
precision.find.bound_some = @@DEV@@@@K@@ z @@N@@ konfiguracji przekracza największym błędem oszacowanie $k u$: @@LIST@@. Oszacowanie obowiązuje dla dowolnej kolejności sumowania w podanej precyzji, więc tych wyników nie liczono w niej w całości.
precision.find.failed = @@DEV@@@@K@@ z @@N@@ konfiguracji nie przeszło weryfikacji lub pominięto je (lista powyżej): pokazano je jako takie, bez wydajności i bez błędu.
precision.find.nonsteady = @@DEV@@Przy $n = @@NLIST@@$ część punktów miała mniej bloków, niż GPU ma multiprocesorów, lub, mierzona zdarzeniami, trwała krócej niż uruchomienie (oznaczone w tabelach): nie biorą udziału w porównaniach powyżej.
precision.find.limits = Czego te dane nie pokazują: @@LIST@@.
precision.find.lim.one_dev = pochodzą z jednego procesora graficznego, a koszt fp64 zależy od stosunku jednostek FP32 i FP64, różnego w różnych procesorach
precision.find.lim.devs = pochodzą z @@N@@ procesorów graficznych, każdy z własnym stosunkiem jednostek FP32 do FP64: jak koszt fp64 zależy od tego stosunku w ogólności, tak mała liczba nie rozstrzyga
precision.find.lim.sizes = wykładnik $k$ opiera się na @@N@@ rozmiarach ($n = @@LIST@@$), za mało na więcej niż jego rząd wielkości
precision.find.lim.input = błędy to jedna wartość na konfigurację, dla jednych losowych danych w każdej precyzji, o rozkładzie jednostajnym na $[-1, 1)$, i próbki elementów $C$, więc żaden test nie potwierdza różnicy dwóch błędów, a dane jednego znaku lub ze znoszącymi się sumami dają inne błędy
concl.r.precision = W mnożeniu macierzy podwójna precyzja jest wolniejsza od pojedynczej, ale dokładniejsza.
concl.r.prec_text = $n = @@N@@$: własne jądra w fp64 @@R@@$\times$ czasu fp32 (@@K@@ z @@NK@@ istotnie wolniej)
concl.r.prec_lib = cuBLAS @@R@@$\times$
concl.r.prec_err = średni błąd fp32/fp64 @@R@@
prop.fp64_units_per_sm = Jednostki FP64 na multiprocesor
device.peak_fp64 = Wydajność szczytowa FP64 [GFLOP/s]
hw.peak_flops = Szczyt [TFLOP/s]
device.note_fp64 = Wydajność szczytowa FP64: liczba SM $\times$ jednostki FP64 na SM $\times$ 2 $\times$ zegar.

# zestaw progression (zgłoszenie 14): od wersji sprawozdania P do SGEMM
# na poziomie biblioteki
intro.obj.progression = \emph{Od sprawozdania~P do cuBLAS}: jak blisko cuBLAS dochodzi ciąg kerneli SGEMM wykraczający poza \texttt{v5} ze sprawozdania~P, w którym każdy krok dodaje jedną udokumentowaną optymalizację, w FP32 wyłącznie na rdzeniach CUDA, co daje każdy krok i które liczniki sprzętowe jego zysk przesuwa.
progression.title = Od sprawozdania~P do cuBLAS: ciąg kerneli SGEMM
progression.absent = Baza danych nie zawiera pomiarów zestawu progression.
progression.intro = Ten eksperyment prowadzi wersje kernela ze sprawozdania~P dalej niż \texttt{v5}, w stronę SGEMM na poziomie biblioteki: każdy kolejny krok dodaje jedną udokumentowaną optymalizację (kafelkowanie w rejestrach w jednym i w dwóch wymiarach, 128-bitowe odczyty z transponowanym kafelkiem $A$, kafelkowanie na poziomie warpu, podwójne buforowanie z kopiowaniem asynchronicznym), wszystko w FP32 na rdzeniach CUDA, bez rdzeni tensorowych i bez TF32; punktem odniesienia jest SGEMM z cuBLAS w FP32. Każdy kernel działa dla macierzy kwadratowych rozmiaru $n$; każdy rozmiar to jedna grupa, której konfiguracje próbkowane są na przemian, więc dwa kroki przy jednym rozmiarze porównuje się na próbkach pobranych obok siebie. Kernel pokazany jest przy najlepszym bloku (\texttt{v1}--\texttt{v5}: $b \times b$ wątków) lub kafelku (kafelek $t \times t$ macierzy $C$, który liczy jeden blok, każdy wątek kilka elementów): tym o najwyższej medianie GFLOP/s spośród jego konfiguracji w stanie ustalonym, a gdy żadna nie była w stanie ustalonym, spośród wszystkich. GFLOP/s $= 2n^3/t$; każdy wynik sprawdzono względem niezależnego odniesienia.
progression.objective = Cel: droga od \texttt{v5} ze sprawozdania~P do kernela na poziomie biblioteki, krok po kroku wobec cuBLAS, w FP32 wyłącznie na rdzeniach CUDA (bez rdzeni tensorowych, bez TF32).
progression.and = ~i~
progression.at = przy
progression.h_step = Krok
progression.h_kernel = Kernel
progression.h_blocks = Bloki / kafelki
progression.h_idea = Pomysł kroku
progression.h_block = Blok
progression.h_pct = \%~cuBLAS
progression.h_speedup = $\times$~poprz.
progression.h_ai = FLOP/B
progression.h_pct_peak = \%~szczytu
progression.h_ldk = Odcz./kFLOP
progression.h_wpi = Fale/odcz.
progression.steps_table = Kroki ciągu@@DEV@@: każdy kernel, bloki lub kafelki, przy których go zmierzono, i pomysł, który dodaje.
progression.steps_note = Blok $b \times b$: wątki bloku. Kafelek $t$: kafelek $t \times t$ macierzy $C$, który liczy jeden blok, mający mniej wątków niż elementów.
progression.why.v1 = Jeden blok $b \times b$ wątków liczy całą macierz, każdy wątek $(n/b)^2$ elementów z pamięci globalnej.
progression.why.v2 = Jeden wątek na element $C$, argumenty odczytywane z pamięci globalnej.
progression.why.v3 = Kafelki w pamięci współdzielonej: blok przenosi kafelki $b \times b$ macierzy $A$ i $B$, więc każdy element odczytuje się z pamięci globalnej raz na kafelek.
progression.why.v4 = Pobieranie z wyprzedzeniem: następne kafelki ładowane są do rejestrów, gdy bieżące są mnożone.
progression.why.v5 = Kafelek $2b \times 2b$ macierzy $C$ na blok, 4 elementy na wątek.
progression.why.v6 = Kafelkowanie w rejestrach w jednym wymiarze: każdy wątek sumuje 8 wyników w kolumnie, więc każda wartość $B$ odczytana z pamięci współdzielonej zasila 8 mnożeń z dodawaniem.
progression.why.v7 = Kafelkowanie w rejestrach w dwóch wymiarach: każdy wątek liczy fragment $8 \times 8$ kafelka 128 ($4 \times 4$ kafelka 64) z wartości trzymanych w rejestrach.
progression.why.v8 = 128-bitowe (float4) odczyty i zapisy globalne, kafelek $A$ zapisany w pamięci współdzielonej po transpozycji, odczyty $B$ bez konfliktów banków.
progression.why.v9 = Kafelkowanie na poziomie warpu: każdy warp ma fragment $64 \times 32$ kafelka, a kafelki przesuwają się po $k$ o 16 naraz (o połowę mniej barier na FLOP).
progression.why.v10 = Podwójne buforowanie: następne kafelki ładują się, $B$ kopiowany przez cp.async wprost do pamięci współdzielonej, gdy bieżący kafelek jest mnożony.
progression.why.v11 = Podwójne buforowanie fragmentów w rejestrach: wątek czyta z pamięci współdzielonej wartości $A$ i $B$ kroku $k+1$, mnożąc wartości kroku $k$; kompilator potrzebuje 128 rejestrów zamiast 147, więc na jednym SM mieszczą się dwa bloki.
progression.why.v12 = Podział ostatniej fali (Stream-K): kafelki poza ostatnią pełną falą bloków są cięte wzdłuż $k$ na równe zakresy, po jednym na każdy blok mieszczący się naraz na GPU, a ostatni blok kończący kafelek sumuje jego części; ostatnia fala z niewielu kafelków nie kosztuje już całej fali.
progression.why.v13 = Oba kafelki kopiowane asynchronicznie: także kafelek $A$ trafia przez cp.async do obszaru pośredniego, z którego każdy wątek transponuje go, gdy jego własne kopie dotrą, więc 8 rejestrów, które trzymały go przez cały krok, jest wolnych, a mnożenia z dodawaniem rzadziej czekają przy wydawaniu.
progression.why.cublas = Odniesienie: SGEMM z cuBLAS w FP32, bez TF32.
progression.speed_table = GFLOP/s każdego kroku przy $n$ = @@N@@@@DEV@@: mediana z @@SAMPLES@@, każdy kernel przy najlepszym bloku lub kafelku, jego udział w cuBLAS i przyspieszenie względem poprzedniego kroku.
progression.speed_note = Pogrubienie: najszybszy własny kernel przy danym rozmiarze. $\times$~poprz.: mediana podzielona przez medianę najbliższego wcześniejszego kroku, który przy tym rozmiarze działał poprawnie (cuBLAS: przez najszybszy własny kernel); $p$: dwustronny test Manna--Whitneya na próbkach pobieranych na przemian; \nsmark~nieistotne (szare), \ntmark~nie testowano.
progression.regime_note = Oznaczony kernel nie działał przy tym rozmiarze w stanie ustalonym przy żadnym bloku: jego blok jest najszybszym ze wszystkich, przy których działał, i nie podaje się udziału w szczycie.
progression.line_peak = szczyt FP32
progression.axis_step = Krok
progression.axis_ai = Intensywność arytmetyczna [FLOP/B ruchu DRAM]
progression.figure = GFLOP/s każdego kroku@@DEV@@, jedna linia na rozmiar $n$, każdy kernel przy najlepszym bloku lub kafelku; cuBLAS to osobny znacznik na końcu każdego rozmiaru, szczyt FP32 kropkami (skala logarytmiczna).
progression.cnt_table = Liczniki sprzętowe każdego kroku przy $n = @@N@@$@@DEV@@, po jednym profilowanym uruchomieniu; GFLOP/s: mediana z @@SAMPLES@@.
progression.cnt_note = FLOP/B: zliczone operacje FP32 na bajt odczytany z DRAM i zapisany do niej. \%~szczytu: szczytu FP32 przy zapisanym zegarze. Odcz./kFLOP: żądania odczytu globalnego na 1000 zliczonych FLOP. CGMA: FLOP na instrukcję odczytu lub zapisu globalnego (miara ze sprawozdania~P). Fale/odcz.: fale (wavefronts) pamięci współdzielonej na instrukcję odczytu z niej, 1 dla 32-bitowego odczytu warpu bez konfliktów, więcej przy konfliktach banków lub szerszych odczytach. GIPS: $10^9$ instrukcji warpu na sekundę.
progression.async_note = $^{*}$~Ładuje kafelki bez instrukcji odczytu globalnego (cp.async, LDGSTS lub TMA): CGMA, które liczy instrukcje odczytu i zapisu, pomija te kopie i wygląda lepiej niż bajty, które kernel ładuje; porównywalne są jego żądania odczytu i bajty DRAM.
progression.roofline = Model dachowy (roofline) przy $n = @@N@@$@@DEV@@: operacje FP32 każdego kroku na bajt ruchu DRAM, tak jak je zliczyły liczniki, wobec mediany GFLOP/s; dach to $\min(P_{\mathrm{FP32}}, I \cdot B_{\mathrm{mem}})$ ze szczytem FP32 i przepustowością pamięci urządzenia.
progression.q.loads = żądania odczytu na FLOP
progression.q.bank = fale na odczyt współdzielony
progression.q.dram = bajty DRAM
progression.q.gips = GIPS
progression.kernels.one = @@N@@ kernel
progression.kernels.few = @@N@@ kernele
progression.kernels.many = @@N@@ kerneli
progression.find.lib = @@DEV@@Najlepszy własny kernel wobec cuBLAS przy każdym rozmiarze: @@LIST@@.
progression.find.lib_item = $n = @@N@@$: @@V@@, @@G@@ wobec @@GC@@~GFLOP/s, @@PCT@@ cuBLAS (@@P@@)
progression.find.goal.not = @@DEV@@Cel postawiony ciągowi, najlepszy własny kernel na poziomie @@GOAL@@ cuBLAS przy $n$ = @@SIZES@@, nie został osiągnięty: @@LIST@@.
progression.find.goal.part = @@DEV@@Cel postawiony ciągowi, najlepszy własny kernel na poziomie @@GOAL@@ cuBLAS przy $n$ = @@SIZES@@, jest spełniony tam, gdzie mierzono (@@LIST@@), ale $n$ = @@MISS@@ nie zmierzono, więc nie wykazano, że został osiągnięty.
progression.find.goal.reached = @@DEV@@Cel postawiony ciągowi, najlepszy własny kernel na poziomie @@GOAL@@ cuBLAS przy $n$ = @@SIZES@@, został osiągnięty: @@LIST@@.
progression.find.step_item = @@V@@ wobec @@PREV@@, @@R@@ razy (@@P@@)
progression.find.step_slower = @@V@@ wobec @@PREV@@, @@R@@ razy, wolniej (@@P@@)
progression.find.step_ns = @@V@@ wobec @@PREV@@, @@R@@ razy, różnica nieistotna (@@P@@)
progression.find.steps = @@DEV@@Przy $n = @@N@@$ największy krok to @@BIG@@. Kroki, które się nie opłaciły: @@LIST@@.
progression.find.steps_all = @@DEV@@Przy $n = @@N@@$ największy krok to @@BIG@@; każdy inny krok był szybszy od poprzedniego.
progression.find.moved = @@DEV@@Przy $n = @@N@@$ licznik, który najbardziej zmienił się względem poprzedniego kroku (spośród żądań odczytu na FLOP, fal na odczyt współdzielony, bajtów DRAM i GIPS, według stosunku najdalszego od 1): @@LIST@@.
progression.find.moved_item = @@V@@: @@Q@@, @@R@@ razy tyle co @@PREV@@
progression.find.async = @@DEV@@@@V@@ ładuje kafelki bez instrukcji odczytu globalnego (cp.async kopiuje je do pamięci współdzielonej): wykonuje @@LDG@@ instrukcji LDG na kFLOP wobec @@LDG0@@ w @@PREV@@, więc jego CGMA @@CGMA@@ wobec @@CGMA0@@ wygląda lepiej, niż wskazują jego odczyty; jego żądania odczytu globalnego to @@REQ@@ na kFLOP wobec @@REQ0@@. Wzrost CGMA wynika z licznika, nie z kernela.
progression.find.async_one = @@DEV@@@@V@@ ładuje kafelki bez instrukcji odczytu globalnego: wykonuje @@LDG@@ instrukcji LDG na kFLOP obok @@REQ@@ żądań odczytu, więc jego CGMA @@CGMA@@ pomija te odczyty.
progression.find.roof = @@DEV@@W modelu dachowym przy $n = @@N@@$ (punkt załamania przy @@RIDGE@@~FLOP/B) @@K@@ z @@M@@ leży na prawo od punktu załamania, gdzie ogranicza je szczyt FP32, a nie przepustowość DRAM.
progression.find.peak = @@DEV@@Przy $n = @@N@@$ najlepszy własny kernel, @@V@@, osiąga @@A@@ szczytu FP32, który przy zapisanym zegarze wynosi @@PK@@~GFLOP/s; cuBLAS @@C@@.
progression.find.peak_nolib = @@DEV@@Przy $n = @@N@@$ najlepszy własny kernel, @@V@@, osiąga @@A@@ szczytu FP32, który przy zapisanym zegarze wynosi @@PK@@~GFLOP/s.
progression.counters_none = Liczników sprzętowych nie mierzono (brak \texttt{-{}-counters}): nie ma tabeli liczników, modelu dachowego ani licznika, który się zmienił.
progression.counters_unavailable = Liczniki sprzętowe zamówiono, ale nie dało się ich odczytać (@@WHY@@): nie ma tabeli liczników, modelu dachowego ani licznika, który się zmienił.
progression.find.text = @@DEV@@@@TEXT@@
progression.find.cnt_some = @@DEV@@Przy $n = @@N@@$ liczników nie zmierzono dla @@LIST@@: te kroki nie mają wiersza liczników ani licznika, który się zmienił.
progression.find.verified_all = @@DEV@@Weryfikację przeszły wszystkie konfiguracje (@@N@@).
progression.find.verified_some = @@DEV@@Weryfikację przeszło tylko @@K@@ z @@N@@ konfiguracji; pozostałe wymieniono wyżej i nigdy nie pokazuje się ich jako prędkości.
progression.find.nonsteady = @@DEV@@Przy $n$ = @@LIST@@ niektóre kernele nie działały w stanie ustalonym przy żadnym bloku (mniej bloków niż multiprocesorów lub, przy pomiarze zdarzeniami, krócej niż uruchomienie; oznaczone): tam blok kernela jest najszybszym ze wszystkich, przy których działał, i nie podaje się udziału w szczycie.
progression.find.limits_one = Czego te dane nie dowodzą: pochodzą z jednego GPU, więc nie mówią, jak kroki wypadną na innym; przebieg liczników nie zbiera przyczyn przestojów (stall reasons), więc nie zmierzono, na co krok czeka poza zliczonymi odczytami, konfliktami i instrukcjami.
progression.find.limits = Czego te dane nie dowodzą: przebieg liczników nie zbiera przyczyn przestojów (stall reasons), więc nie zmierzono, na co krok czeka poza zliczonymi odczytami, konfliktami i instrukcjami.
progression.find.passed = @@DEV@@Tam, gdzie szybszy blok nie był w stanie ustalonym, pokazano blok w stanie ustalonym: @@LIST@@.
progression.find.passed_item = $n = @@N@@$: @@V@@ osiągnął @@G@@~GFLOP/s@@M@@, @@S@@ @@GS@@~GFLOP/s

# render --compare A,B (render/sec_compare.c)
compare.title = Porównanie dwóch pomiarów
compare.intro = Sesja~@@A@@ (@@DEVA@@, rozpoczęta @@DATEA@@) jest bazą, sesja~@@B@@ (@@DEVB@@, rozpoczęta @@DATEB@@) nowym pomiarem. Dla każdej konfiguracji zmierzonej w obu stosunek nowej mediany czasu jądra do mediany bazy (estymator Hodgesa--Lehmanna z 95-procentowym przedziałem ufności) jest testowany na surowych próbkach testem Manna--Whitneya; jak wszędzie w tym raporcie różnica jest wynikiem (szybciej, wolniej) tylko wtedy, gdy jest istotna i wynosi co najmniej próg praktyczny @@THR@@.
compare.cross = Obie sesje działały na różnych urządzeniach, więc porównanie dotyczy w równym stopniu urządzeń co pomiarów.
compare.counts = Konfiguracje zmierzone w obu sesjach: @@N@@; szybciej: @@NFAST@@; wolniej: @@NSLOW@@; bez istotnej różnicy: @@NSAME@@ (istotne, lecz poniżej progu: @@NBELOW@@); nietestowane: @@NUNT@@.
compare.geo = Średnia geometryczna stosunków dla każdego eksperymentu (liczba konfiguracji): @@LIST@@.
compare.unmatched = Zmierzone tylko w bazie: @@NA@@, tylko w nowej sesji: @@NB@@; tych się nie porównuje.
compare.source = Zapisany kod źródłowy @@KERNELS@@ różni się między sesjami, więc te wiersze porównują dwa różne programy (różnicę pokazuje \texttt{mmreport compare --diff-source}).
compare.none = Żadna konfiguracja nie różni się istotnie między obiema sesjami.
compare.table = Konfiguracje z istotną różnicą między sesją~@@A@@ a sesją~@@B@@, od największych zmian (najwyżej @@MAX@@).
compare.head.config = Konfiguracja
compare.head.base = Baza [ms]
compare.head.new = Nowa [ms]
compare.head.ratio = Stosunek
compare.head.ci = przedział 95~\%
compare.head.p = $p$
compare.head.verdict = Wynik
compare.note_src = \dag~zapisany kod źródłowy jądra się zmienił.
compare.faster = szybciej
compare.slower = wolniej
compare.note = Stosunek: nowy czas jądra podzielony przez czas bazy; poniżej 1 nowy pomiar jest szybszy.
