# Polskie nagłówki, podpisy i teksty sprawozdania (render/), w terminologii
# sprawozdania P. Klucz = wartość (LaTeX, jedna linia); symbole zastępcze
# jak w strings.en.
latex.babel = polish
latex.decimal = ,

title = Mnożenie macierzy na procesorze graficznym
subtitle = Sprawozdanie z pomiarów: wersje kernela, transfery host--urządzenie i przepustowość pamięci
title.footer = Wygenerowano programem mmreport @@VERSION@@ z bazy danych \texttt{@@DB@@}.\\ Pomiary: @@DATES@@ (UTC).

method.title = Metoda pomiarów
method.intro = Sprawozdanie wygenerował program mmreport @@VERSION@@ wyłącznie na podstawie bazy danych \texttt{@@DB@@}. Obejmuje ono @@SESSIONS@@ na @@DEVICES@@; dla każdego urządzenia i każdej konfiguracji pokazano najnowszy pomiar. Ustawienia każdej sesji podaje dodatek~\ref{app:sessions}.
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
method.timers_differ = sesje mierzyły czasy na różne sposoby; zegary każdej sesji podaje dodatek~\ref{app:sessions}
method.devs = Kilka GPU: wartości zapisano w kolejności GPU, \num{1.46}\,/\,\num{1.47} dla GPU~1 i GPU~2; ustalenie podano raz, gdy GPU są zgodne (ten sam werdykt, ta sama najlepsza konfiguracja), osobno dla każdego GPU tylko tam, gdzie się różnią.
method.launch = Uruchomienie z oczekiwaniem na zakończenie kosztuje na tych urządzeniach @@US@@~\textmu s (zmierzone w każdej sesji): to miara oznaczenia~\rgmark{l} (ograniczony uruchomieniem) z reguł niżej.
method.launch_unknown = Każde uruchomienie kernela płaci opóźnienie i narzut rzędu kilku mikrosekund, które dominują czas krótkiego kernela. Ta baza jest starsza niż zapis kosztu uruchomienia, więc żaden punkt nie jest oznaczony jako ograniczony uruchomieniem; oznaczenia siatek o mniejszej liczbie bloków niż multiprocesorów (\rgmark{w}) i zbiorów roboczych mieszczących się w pamięci podręcznej L2 (\rgmark{c}) wyznaczono z zapisanych parametrów urządzenia.
timers.kernel.cupti-activity = czas kernela z zapisu każdego uruchomienia, który prowadzi sam procesor graficzny (rekordy aktywności CUPTI), jedno uruchomienie na próbkę
timers.kernel.events-blocking = czas kernela z pary zdarzeń CUDA wokół każdego uruchomienia, kolejkowanych za kernelem, który wstrzymuje strumień, dopóki host nie zakolejkuje obu zdarzeń; jedno uruchomienie na próbkę
timers.kernel.events = czas kernela z pary zdarzeń CUDA wokół każdego uruchomienia, jedno uruchomienie na próbkę; uruchomienie kończy się przed powrotem z wywołania, które je zleca, więc czas obejmuje zlecenie przez hosta
timers.kernel.other = czas kernela według zegara \texttt{@@TIMER@@}
timers.cold = pamięć podręczna L2 opróżniana przed każdą próbką (zimna)
timers.hot = pamięci podręczne rozgrzane poprzednimi przebiegami (gorące)
timers.interleaved = próbki porównywanych ze sobą konfiguracji przeplatane w losowej kolejności o zapisanym ziarnie
timers.host = CLOCK\_MONOTONIC dla pracy hosta (fazy zestawu transferów)
timers.recorded = @@TEXT@@ (tekst angielski zapisany przez mmreport @@VERSION@@)
timers.recorded_unknown = @@TEXT@@ (tekst angielski zapisany przez program pomiarowy)
method.verify = Wynik każdej konfiguracji sprawdzono względem niezależnego wyniku wzorcowego; konfiguracja o błędzie względnym powyżej tolerancji @@TOL@@ jest \textit{błędna} i nigdy nie jest przedstawiana jako wydajność. Największy błąd względny poprawnych wynosi @@MAXERR@@. Błędne: @@NFAILED@@; pominięte (każda z przyczyną): @@NSKIPPED@@.
method.noerr = nie zapisano
method.nosession = Baza nie zawiera opisu sesji tych pomiarów, więc ich ustawienia nie są znane.
method.seed_each = zapisane dla każdej sesji
method.stats = Statystyki z $n$ próbek konfiguracji: minimum (Min), maksimum (Max), średnia (Śr.), mediana i odchylenie standardowe z próby (Odch. std., z $n-1$ w mianowniku). Tabele podają medianę, na którą nie wpływa kilka zakłóconych przebiegów.
method.flops = Liczenie operacji: iloczyn $m\times k$ przez $k\times n$ to $2mnk$ operacji ($2n^3$ dla kwadratowych: mnożenie i dodawanie na składnik), GFLOP/s $= 2n^3/t$; sprawozdanie~G liczyło $n^3$: połowę naszych.
method.gain = Zysk względny $b$ względem wariantu bazowego $a$: $g = (a-b)/a \cdot 100\,\%$ z median; dla czasów zysk dodatni oznacza, że $b$ jest szybszy.
method.signif = Porównania. Każde porównanie sprawdzono na zapisanych próbkach dwustronnym testem U Manna--Whitneya (przybliżenie normalne z poprawkami na rangi wiązane i ciągłość) na poziomie $\alpha = @@ALPHA@@$. Różnicę podaje się tylko wtedy, gdy spełnia regułę: jest istotna na tym poziomie \emph{i} mediany dzieli co najmniej próg praktyczny (@@THR@@, zob. reguły niżej). Jej wielkość podaje wtedy estymator Hodgesa--Lehmanna stosunku obu stron (mediana stosunków wszystkich par próbek, po jednej z każdej strony) wraz z 95-procentowym przedziałem ufności, np.\ ,,szybciej \num{1.46} raza (przedział ufności 95\,\%: \num{1.44}--\num{1.48})''. Porównanie, które reguły nie spełnia, opisano jako ,,brak istotnej różnicy'' (w tabelach na szaro, z oznaczeniem~\nsmark). Ustalenia nie podają wartości $p$. Bez pojedynczych próbek (baza okrojona) różnicę sprawdza się tylko tam, gdzie zapisane zakresy [Min, Max] są rozłączne ($U = 0$, dokładne $p = 2/\binom{n_a+n_b}{n_a}$; wielkość: stosunek median), w przeciwnym razie oznaczono ją~\ntmark{} (nie testowano).
method.rules = Reguły. \emph{Próg praktyczny}: @@THR@@, większa z wartości @@FLOOR@@ i rozrzutu, w którym mieści się dziewięć na dziesięć powtórzonych pomiarów (z @@PAIRS@@ konfiguracji zmierzonych w dwóch sesjach jednego urządzenia; przy mniej niż @@MINPAIRS@@ obowiązuje próg @@FLOOR@@). \emph{Co liczy się do ,,najlepszego'' i ,,\% szczytu''}: zweryfikowany punkt, którego siatka ma co najmniej jeden blok na SM (\rgmark{w}~oznacza mniej bloków niż SM, co zostawia SM bezczynne przez cały kernel), a tam, gdzie liczba jest przepustowością pamięci urządzenia, którego zbiór roboczy nie mieści się w L2 (\rgmark{c}). Nie liczy się też punkt mierzony zdarzeniami CUDA i krótszy niż koszt uruchomienia w sesji (\rgmark{l}, ograniczony uruchomieniem); czas z własnego zapisu uruchomienia przez GPU nie zawiera kosztu uruchomienia i nigdy nie ma tego oznaczenia. Punkt, którego zegar SM spadł o więcej niż @@CLOCKTOL@@ poniżej najwyższego w sesji lub który według sterownika ograniczył limit mocy lub temperatury, ma oznaczenie~\rgmark{t} (dławiony) i liczy się, bo jego szczyt liczono przy jego własnym zegarze; dodatek~\ref{app:sessions} podaje liczbę takich punktów w każdej sesji. \emph{\% szczytu} nazywa swój szczyt: FP32 lub FP64 na rdzeniach CUDA, FP64 na rdzeniach tensorowych dla iloczynu podwójnej precyzji cuBLAS na urządzeniach 8.0 i 9.0, albo przepustowość pamięci urządzenia; udział powyżej 100\,\% szczytu jest zgłaszany jako błąd, nie drukowany.
method.absent = Baza nie zawiera pomiarów zestawów @@SUITES@@, więc ich rozdziały pominięto.

sess.caption.one = Sesja pomiarowa: gdzie, czym i co zmierzyła.
sess.caption.few = Sesje pomiarowe: gdzie, czym i co zmierzyły.
sess.caption.many = Sesje pomiarowe: gdzie, czym i co zmierzyły.
sess.caption_run.one = Sesja pomiarowa: próbkowanie i stan GPU (gdzie podano dwie wartości: na początku / na końcu).
sess.caption_run.few = Sesje pomiarowe: próbkowanie i stan GPU (gdzie podano dwie wartości: na początku / na końcu).
sess.caption_run.many = Sesje pomiarowe: próbkowanie i stan GPU (gdzie podano dwie wartości: na początku / na końcu).
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
sess.cpu = Procesor hosta
sess.pcie = Łącze PCIe
sess.nvcc = Kompilator kerneli (nvcc)
sess.cublas = Wersja cuBLAS
sess.max_noise = Docelowy szum (\texttt{-{}-max-noise})
sess.launch = Uruchomienie pustego kernela [\textmu s]
sess.locked = Zegary zablokowane
sess.power_limit = Limit mocy [W]
sess.top_clock = Najwyższy zegar SM [MHz]
sess.throttle_mode = Próbki dławione (\texttt{-{}-throttle})
sess.throttle_mode.discard = odrzucane
sess.throttle_mode.keep = zachowywane
sess.throttle_mode.wait = oczekiwanie na zegar
sess.throttle_at = @@MODE@@ poniżej @@PCT@@\,\% najwyższego zegara
sess.throttle_mode_only = @@MODE@@
sess.throttled = Konfiguracje dławione (\rgmark{t})
sess.throttled_cfgs = \num{@@N@@} z \num{@@OF@@}
sess.throttled_none = żadna z \num{@@OF@@}
sess.throttled_samples = Próbki pobrane przy dławieniu
sess.throttled_n = \num{@@N@@}, z nich odrzucone: \num{@@DISCARDED@@}
sess.not_recorded = nie zapisano
sess.off = wyłączony
sess.sm_clock = Zegar SM [MHz]
sess.mem_clock = Zegar pamięci [MHz]
sess.temp = Temperatura [\textdegree C]
sess.power = Moc [W]
sess.throttle = Przyczyny dławienia według sterownika

device.title = Parametry karty graficznej
device.caption.one = Parametry badanego urządzenia według środowiska CUDA.
device.caption.few = Parametry badanych urządzeń według środowiska CUDA.
device.caption.many = Parametry badanych urządzeń według środowiska CUDA.
device.note = Wydajność szczytowa FP32: liczba SM $\times$ rdzenie FP32 na SM $\times$ 2 $\times$ zegar. Przepustowość szczytowa pamięci: 2 $\times$ zegar pamięci $\times$ szerokość szyny / 8.
device.param = Parametr
device.value = Wartość
prop.peak_fp32 = Wydajność szczytowa FP32 [GFLOP/s]
prop.peak_memory_bandwidth = Przepustowość szczytowa pamięci [GB/s]
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
vers.desc.v1 = jeden blok $b \times b$ pokrywa całą macierz; każdy wątek oblicza $(n/b)^2$ elementów, czytając z pamięci globalnej
vers.desc.v2 = jeden wątek na element $C$ w siatce 2-D, operandy czytane z pamięci globalnej
vers.desc.v3 = kafelki $b \times b$ w pamięci współdzielonej, jeden element na wątek, rozwinięta pętla wewnętrzna
vers.desc.v4 = v3 z kolejnymi kafelkami ładowanymi z wyprzedzeniem do rejestrów w trakcie obliczeń
vers.desc.v5 = v4 z kafelkiem $2b \times 2b$ macierzy $C$ na blok, $2 \times 2$ elementy na wątek
vers.t.version = Wersja
vers.t.block = Blok
vers.t.grid = Siatka
vers.t.occ = Zaj.
vers.t.inst = Instr.
vers.t.ld = Odczyty
vers.t.dram = DRAM
vers.t.reuse = Reuse
vers.t.ffma = FFMA
vers.t.caption = Co wyjaśnia szybkość każdej wersji: konfiguracje porównywane we wnioskach, każda przy najlepszym rozmiarze bloku, z GFLOP/s na każdym GPU, siatką, zajętością i licznikami sprzętowymi.
vers.t.note = GFLOP/s: mediana. Blok, siatka, zajętość i liczniki dotyczą konfiguracji GPU~1; liczniki pochodzą z jednego profilowanego uruchomienia. Siatka: bloki jednego uruchomienia wobec @@SMS@@~SM. Zaj.: teoretyczna zajętość [\%]. Instr.: wykonane instrukcje warpów [$10^6$]. Odczyty: instrukcje odczytu globalnego [$10^6$]. DRAM: bajty odczytane z pamięci urządzenia [MB]. Reuse: bajty odczytów globalnych na bajt odczytany z DRAM, część obsłużona przez L1 i L2. FFMA: udział instrukcji FFMA wśród instrukcji [\%].
vers.t.note_nocnt = GFLOP/s: mediana. Blok, siatka i zajętość dotyczą konfiguracji GPU~1. Siatka: bloki jednego uruchomienia wobec @@SMS@@~SM. Zaj.: teoretyczna zajętość [\%].
vers.t.cnt_none = Baza nie zawiera liczników sprzętowych: pomiar wykonano bez \texttt{-{}-counters}, więc kolumny instrukcji, odczytów, bajtów DRAM, reuse i udziału FFMA są puste, a wnioski nie mogą z nich wyjaśnić przyczyn.
vers.t.cnt_unavail = Kolumny instrukcji, odczytów, bajtów DRAM, reuse i udziału FFMA są puste: pomiar prosił o liczniki sprzętowe, ale nie dało się ich odczytać (@@WHY@@).
vers.peak0 = szczytu FP32 rdzeni CUDA
vers.peak1 = szczytu FP64 rdzeni CUDA
vers.peak2 = szczytu FP64 rdzeni tensorowych
vers.peak3 = przepustowości DRAM
find.vers.step.faster = Przy $n = @@N@@$ @@B@@ jest szybsza niż @@A@@, przyspieszenie @@EFF@@@@WHY@@.
find.vers.step.slower = Przy $n = @@N@@$ @@B@@ jest wolniejsza niż @@A@@, przyspieszenie @@EFF@@@@WHY@@.
find.vers.step.ns = Przy $n = @@N@@$ @@B@@ i @@A@@ nie różnią się istotnie (przyspieszenie @@EFF@@)@@WHY@@.
find.vers.step.higher = Przy $n = @@N@@$ @@B@@ ma wyższą medianę niż @@A@@ (stosunek @@EFF@@; nie testowano: brak surowych próbek, zakresy się nakładają)@@WHY@@.
find.vers.step.lower = Przy $n = @@N@@$ @@B@@ ma niższą medianę niż @@A@@ (stosunek @@EFF@@; nie testowano: brak surowych próbek, zakresy się nakładają)@@WHY@@.
find.vers.why.idle = . Tylko @@GX@@ z @@SMS@@~SM dostaje blok @@X@@, pozostałe są bezczynne, więc ten punkt nie liczy się jako najlepszy
find.vers.why.cnt = . @@B@@ wykonuje @@INST@@ razy tyle instrukcji i @@LD@@ razy tyle odczytów globalnych co @@A@@, a z DRAM obie czytają @@DA@@ i @@DB@@~MB: resztę odczytów obsługują L1 i L2 (@@RA@@ i @@RB@@ bajtów odczytu na bajt z DRAM)
find.vers.why.occ = ; jej zajętość wynosi @@OB@@\,\% wobec @@OA@@\,\% (ogranicza ją: @@LIM@@)
find.vers.why.ffma = . Tylko @@FF@@\,\% jej instrukcji warpów to FFMA, wobec @@FFL@@\,\% w bibliotece
find.vers.why.best_occ = ; jej zajętość wynosi @@OCC@@\,\% (ogranicza ją: @@LIM@@)
find.vers.best = Pomijając bibliotekę, najszybszym liczącym się kernelem jest @@V@@ przy $n = @@N@@$ z blokami @@B@@: @@G@@~GFLOP/s, @@PREF@@\,\% biblioteki @@LIB@@, stosunek @@EFF@@, oraz @@PPEAK@@\,\% @@PNAME@@ (@@PEAK@@~GFLOP/s przy zapisanym zegarze)@@WHY@@.
find.vers.best_over = Pomijając bibliotekę, najszybszym liczącym się kernelem jest @@V@@ przy $n = @@N@@$ z blokami @@B@@: @@G@@~GFLOP/s, @@PREF@@\,\% biblioteki @@LIB@@, stosunek @@EFF@@; jego udział @@PNAME@@ (@@PEAK@@~GFLOP/s) przekroczyłby 100\,\%, co jest błędem szczytu, zegara lub zliczenia, więc go nie podano@@WHY@@.
find.vers.best_noref = Pomijając bibliotekę, najszybszym liczącym się kernelem jest @@V@@ przy $n = @@N@@$ z blokami @@B@@: @@G@@~GFLOP/s (biblioteki nie zmierzono przy tym rozmiarze), @@PPEAK@@\,\% @@PNAME@@ (@@PEAK@@~GFLOP/s przy zapisanym zegarze)@@WHY@@.
find.vers.unsteady =  @@V@@ przy $n = @@N@@$ z blokami @@B@@ jest szybsza (@@G@@~GFLOP/s), ale się nie liczy: @@WHY@@.
find.vers.nosteady = Żadna konfiguracja wersji poza biblioteką nie działała w reżimie, który się liczy (siatka wypełniająca SM, czas nie zdominowany przez uruchomienie), więc żadnej nie nazwano najlepszą ani nie odniesiono do szczytu.
vers.takeaway = Do zapamiętania: największy krok prowadzi od @@A@@ do @@B@@ (przyspieszenie @@R@@ na GPU~1), a najszybszy liczący się własny kernel, @@V@@, osiąga @@PREF@@\,\% biblioteki; liczniki pokazują, za co płaci każdy krok: mniej instrukcji i odczytów na FLOP oraz siatka wypełniająca SM.
vers.app_intro = Dla każdej wersji: jej opis i kod źródłowy kernela w postaci mierzonej. Liczby każdej konfiguracji zawiera dodatek ze wszystkimi pomiarami.

# Issue 11, kernel versions (report P): the main body's tables, figure
# and findings, the appendix's trimmed listings (render/sec_versions.c,
# render/facts_versions.c).
versions.intro = Każda wersja oblicza $C = AB$ dla kwadratowych macierzy $n \times n$ pojedynczej precyzji z blokami $b \times b$ wątków i robi jeden krok dalej niż wersja poprzednia, jak w sprawozdaniu~P; wzorcem jest SGEMM z biblioteki (\texttt{cublas}). Dodatek~\ref{app:versions} podaje kod źródłowy każdego kernela i każdą zmierzoną konfigurację.
vers.item = \texttt{@@NAME@@}: @@DESC@@.
vers.lim.warps = liczba warpów
vers.lim.registers = rejestry
vers.lim.shared memory = pamięć współdzielona
vers.lim.blocks per SM = bloki na SM
vers.fig_caption = Wydajność [GFLOP/s] każdej wersji przy najlepszym rozmiarze bloku oraz biblioteki w funkcji rozmiaru macierzy (mediany; oś jest logarytmiczna, gdy wartości obejmują więcej niż rząd wielkości).
vers.source_trimmed = Kernel \texttt{@@NAME@@} w postaci mierzonej (zapisany w sesji @@SESSION@@) wraz z funkcjami urządzenia i makrami, których używa; kod uruchamiający po stronie hosta pominięto.
versions.find.text = @@DEV@@@@TEXT@@
versions.takeaway = @@DEV@@@@TEXT@@

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
metric.ns_access = Czas dostępu
metric.gsteps = Kroki na sekundę

transfer.title = Transfery i fazy przebiegu
transfer.intro = Każdy przebieg, jak w sprawozdaniu~G, przydziela pamięć na $A$, $B$ i $C$ na hoście i na urządzeniu (Malloc), kopiuje $A$ i $B$ do urządzenia (Memcpy~AB), uruchamia kernel (\texttt{simple}: jeden wątek na element $C$; \texttt{shared}: kafelki w pamięci współdzielonej) i czeka na niego (Sync), kopiuje $C$ z powrotem (Memcpy~C) i zwalnia pamięć (Free); nasz time* obejmuje to wszystko, ale time* sprawozdania~G pomija przydział pamięci, więc porównujemy się z nim na jego warunkach: time* bez Malloc i Free, przebieg po przebiegu. Pamięć hosta jest stronicowana (malloc), przypięta dla wyniku (tylko $C$ z cudaMallocHost, wariant sprawozdania~G) lub przypięta ($A$, $B$ i $C$). Szybkość kopiowania to liczba przeniesionych bajtów przez medianę czasu, w GB/s ($10^9$~bajtów na sekundę). Statystyki każdej konfiguracji są w dodatku ze wszystkimi pomiarami.
transfer.absent = Baza nie zawiera pomiarów zestawu transferów.
host.pageable = stronicowana
host.pinned = przypięta
host.pinned-output = przypięta dla wyniku

# Issue 11, transfer (report G): the main body's tables, figures and
# findings (render/sec_transfer.c).
xfer.c_mib = $C$ [MiB]
xfer.gbs = Kopiowania kernela \texttt{simple} w GB/s (przeniesione bajty przez medianę czasu) według rozmiaru macierzy i rodzaju pamięci hosta; jedna wartość na GPU, w ich kolejności.
xfer.gbs_note = Memcpy~AB przenosi $A$ i $B$, dwa razy tyle MiB co $C$, do urządzenia; Memcpy~C przenosi $C$ z powrotem. Przy pamięci przypiętej dla wyniku przypięta jest tylko $C$, więc jej Memcpy~AB kopiuje pamięć stronicowaną.
xfer.gbs_fig = Szybkość kopiowania względem liczby przenoszonych bajtów, kernel \texttt{simple}: do urządzenia (Memcpy~AB) i z powrotem (Memcpy~C), z pamięci stronicowanej i przypiętej. Obie osie są logarytmiczne.\label{fig:xfer-gbs}
xfer.axis_mib = Skopiowane bajty [MiB]
xfer.axis_gbs = Szybkość [GB/s]
xfer.phases = Fazy przebiegu kernela \texttt{simple} przy najmniejszym i największym rozmiarze: mediany w ms, jedna wartość na GPU, w ich kolejności.
xfer.phases_note = Kernel działa w czasie Sync (od powrotu z uruchomienia do końca oczekiwania), więc czas kernela jest częścią Sync, a nie dodaje się do niego. Przebieg bez przydziału pamięci to time* sprawozdania~G: time* bez Malloc i Free, przebieg po przebiegu.
metric.run_g = Przebieg bez przydziału pamięci
transfer.takeaway = \emph{Do zapamiętania:} bufor przypięty kopiuje się kilka razy szybciej niż stronicowany i omija spadek kopiowania z powrotem do pamięci stronicowanej, ale jego przypięcie kosztuje dużo więcej niż malloc: bufory przypięte należy przydzielić raz i używać wielokrotnie, co milcząco zakłada time* sprawozdania~G, pomijający przydział pamięci.
find.xfer.open = @@DEV@@@@T@@: przy $n = @@N0@@$ stosunek wynosi @@E0@@ (@@B0@@ wobec @@A0@@), czego reguła nie uznaje za różnicę wyjaśnianą tym wnioskiem, więc wyjaśnienia nie podajemy.
find.xfer.cliff.topic = Kopiowanie z powrotem do pamięci stronicowanej
find.xfer.cliff = @@DEV@@Kopiowanie $C$ z powrotem do pamięci stronicowanej spada z @@A0@@ do @@B0@@~GB/s między $n = @@N0@@$ (@@M0@@~MiB) a $n = @@N2@@$ (@@M2@@~MiB): do @@E0@@ swojej szybkości (tabela~\ref{tab:xfer-gbs}, rysunek~\ref{fig:xfer-gbs}). Ani łącze, ani samo pośrednictwo sterownika tego nie wyjaśnia: sterownik kopiuje bufor stronicowany przez przypięty bufor pośredni w obu kierunkach, a mimo to kopiowanie do urządzenia z pamięci stronicowanej osiąga przy tych rozmiarach @@A1@@ i @@B1@@~GB/s, a $C$ kopiowane do pamięci przypiętej osiąga @@B2@@~GB/s przy $n = @@N2@@$. Hipoteza, której zapisane dane nie pozwalają sprawdzić: $C$ jest w każdym przebiegu przydzielane przez malloc i po raz pierwszy zapisywane właśnie przez to kopiowanie (przebieg wypełnia $A$ i $B$ przed mierzonymi fazami, $C$ nie), więc jego strony mogą być mapowane i zerowane w trakcie kopiowania; rozstrzygnąłby to przebieg, który zapisuje $C$ przed kopiowaniem z powrotem, albo zliczenie błędów stron hosta.
find.xfer.pinned.topic = Pamięć przypięta wobec stronicowanej przy kopiowaniu
find.xfer.pinned = @@DEV@@Pamięć przypięta przyspiesza kopiowanie. Gdy przypięta jest tylko $C$, jak w sprawozdaniu~G, Memcpy~C zajmuje @@E0@@ czasu kopiowania stronicowanego przy $n = @@N0@@$ (@@B0@@ wobec @@A0@@~ms) i @@E1@@ przy $n = @@N1@@$ (@@B1@@ wobec @@A1@@~ms); sprawozdanie~G zmierzyło około \num{0.4} (o 60\,\% krócej). Gdy przypięte są także $A$ i $B$, Memcpy~AB zajmuje @@E2@@ swojego czasu stronicowanego przy $n = @@N2@@$. Dlaczego: silnik kopiujący GPU czyta i zapisuje bufor przypięty bezpośrednio, a bufor stronicowany procesor kopiuje dodatkowo przez przypięty bufor pośredni (udokumentowane zachowanie CUDA), więc kopiowanie stronicowane ogranicza ta dodatkowa kopia.
find.xfer.malloc.topic = cudaMallocHost wobec malloc
find.xfer.malloc = @@DEV@@Cena przypięcia: cudaMallocHost dla $A$, $B$ i $C$ trwa @@E0@@ razy dłużej niż malloc przy $n = @@N0@@$ (@@B0@@ wobec @@A0@@~ms) i @@E1@@ razy dłużej przy $n = @@N1@@$ (@@B1@@ wobec @@A1@@~ms). Dlaczego: malloc tylko rezerwuje adresy, których strony system mapuje przy pierwszym zapisie (poza tą fazą), a cudaMallocHost blokuje każdą stronę w pamięci i mapuje ją dla GPU, co kosztuje tym więcej, im większy rozmiar (udokumentowane zachowanie systemu operacyjnego i sterownika; zestaw nie mierzy tych dwóch kroków osobno).
find.xfer.run_g.topic = Przypięte $C$ na warunkach sprawozdania~G
find.xfer.run_g = @@DEV@@Na warunkach sprawozdania~G, czyli dla przebiegu bez przydziału pamięci, przypięcie $C$ skraca przebieg do @@E0@@ jego czasu stronicowanego przy $n = @@N0@@$ (@@B0@@ wobec @@A0@@~ms) i do @@E1@@ przy $n = @@N1@@$ (@@B1@@ wobec @@A1@@~ms); sprawozdanie~G zmierzyło \num{0.82} przy $n = 512$ i \num{0.99} przy $n = 16384$. Dlaczego: między nimi różni się tylko Memcpy~C (tabela~\ref{tab:xfer-phases}), więc przebieg zyskuje tyle, ile to kopiowanie, a udział tego zysku w przebiegu zależy od szybkości kopiowania stronicowanego (tabela~\ref{tab:xfer-gbs}). Licząc z przydziałem pamięci (time*), przebieg z przypiętym $C$ zajmuje @@E2@@ przebiegu stronicowanego przy $n = @@N2@@$: to inna wielkość, która zawiera cenę przypięcia.
find.xfer.shared.topic = Kernel \texttt{shared} wobec \texttt{simple}
find.xfer.shared = @@DEV@@Przy $n = @@N0@@$ kernel \texttt{shared} zajmuje @@E0@@ czasu kernela \texttt{simple} (@@B0@@ wobec @@A0@@~ms; sprawozdanie~G: około \num{0.75}), a przebieg bez przydziału pamięci @@E1@@ jego czasu. Dlaczego, według kodu źródłowego kerneli: \texttt{shared} wczytuje każdy kafelek $A$ i $B$ do pamięci współdzielonej raz na blok i każdy wątek bloku czyta go stamtąd, podczas gdy \texttt{simple} czyta każdy argument z pamięci globalnej; ten zestaw nie zapisuje liczników, więc zaoszczędzony ruch nie jest tu zmierzony.

ilp.title = Przepustowość pamięci i równoległość na poziomie instrukcji
ilp.intro = Kernel kopiujący z noty~J przenosi $N$ czterobajtowych liczb całkowitych z jednej tablicy do drugiej; każdy wątek kopiuje ILP elementów, wydając wszystkie ILP odczytów przed pierwszym zapisem, a blok $512/\mathrm{ILP}$ wątków zawsze przenosi 512 elementów. Przepustowość to $8N$ bajtów odczytanych i zapisanych przez czas jądra, obok \texttt{cudaMemcpyAsync} w pamięci urządzenia i szczytu teoretycznego. Dopóki obie tablice mieszczą się w pamięci podręcznej L2, kopiowanie obsługuje ona: takie rozmiary są oznaczone i nie liczą się ani do najlepszego, ani do \% szczytu.
ilp.h_gbs = GB/s
ilp.h_pct = \%~szczytu
ilp.h_flight = KiB/SM
ilp.table = Kopiowanie przy największym rozmiarze tablicy w pamięci urządzenia, $N = @@N@@$: mediana przepustowości, jej udział w szczycie teoretycznym i bajty, które odczyty utrzymują w locie na SM.
ilp.table_note = KiB/SM: wątki rezydentne na SM (obliczenie zajętości zapisane z atrybutami jądra) $\times$ ILP $\times$ 4~bajty, odczyty, które wątek wydał przed pierwszym zapisem.
ilp.takeaway = \textbf{Wniosek.} Kopiowanie osiąga przepustowość pamięci tylko przy dostatecznej liczbie bajtów w locie: jeden odczyt na wątek daje @@P1@@\,\% szczytu, ILP~@@BEST@@ podnosi to do @@PB@@\,\%, tyle co memcpy biblioteki.
find.ilp.faster = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, więcej niezależnych odczytów na wątek podnosi przepustowość kopiowania @@EFF@@-krotnie: z @@G1@@~GB/s (@@P1@@\,\% szczytu) przy ILP~1 do @@GB@@~GB/s (@@PB@@\,\%) przy ILP~@@T@@, najlepszym.
find.ilp.slower = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, więcej niezależnych odczytów na wątek nie podnosi przepustowości: ILP~1 osiąga @@G1@@~GB/s (@@P1@@\,\% szczytu), więcej niż najlepsze powyżej 1, ILP~@@T@@ z @@GB@@~GB/s (czynnik @@EFF@@).
find.ilp.ns = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, więcej niezależnych odczytów na wątek nie daje istotnej różnicy przepustowości: @@G1@@~GB/s przy ILP~1, @@GB@@~GB/s przy ILP~@@T@@, najlepszym powyżej 1 (czynnik @@EFF@@).
find.ilp.untested = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, kopiowanie osiąga @@G1@@~GB/s przy ILP~1 i @@GB@@~GB/s przy ILP~@@T@@, najlepszym powyżej 1; bez surowych próbek i przy nakładających się zakresach różnicy nie testowano.
find.ilp.best = @@DEV@@Przy największym rozmiarze w pamięci urządzenia, $N = @@N@@$, kopiowanie osiąga @@GB@@~GB/s (@@PB@@\,\% szczytu) przy ILP~@@T@@, najlepszym ze zmierzonych.
find.ilp.why = @@DEV@@Dlaczego, z prawa Little'a (bajty w locie = opóźnienie $\times$ przepustowość): SM mieści @@TH@@ wątków rezydentnych przy ILP~1, każdy z jednym 4-bajtowym odczytem w locie przed zapisem, @@K1@@~KiB na SM; ILP~@@T@@ utrzymuje @@KB@@~KiB. Jeśli ILP~1 czeka wyłącznie na opóźnienie pamięci (założenie), zmierzone @@G1@@~GB/s z @@SM@@ SM oznaczają opóźnienie @@LAT@@~ns, przy którym szczyt @@PEAK@@~GB/s wymaga @@NEED@@~KiB w locie na SM: więcej, niż utrzymuje ILP~1, mniej niż ILP~@@T@@. Zmierzone: przepustowości; zapisane: liczba SM, wątki rezydentne i szczyt (z zegara pamięci i szerokości szyny); wywnioskowane: opóźnienie.
find.ilp.memcpy.faster = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym rozmiarze @@GM@@~GB/s (@@PM@@\,\% szczytu), więcej niż ILP~@@T@@ (czynnik @@EFF@@).
find.ilp.memcpy.slower = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym rozmiarze @@GM@@~GB/s (@@PM@@\,\% szczytu), mniej niż ILP~@@T@@ (czynnik @@EFF@@).
find.ilp.memcpy.ns = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym rozmiarze @@GM@@~GB/s (@@PM@@\,\% szczytu), bez istotnej różnicy wobec ILP~@@T@@ (czynnik @@EFF@@).
find.ilp.memcpy.untested = @@DEV@@memcpy w pamięci urządzenia osiąga przy tym rozmiarze @@GM@@~GB/s (@@PM@@\,\% szczytu); bez surowych próbek i przy nakładających się zakresach jego różnicy wobec ILP~@@T@@ nie testowano.
ilp.absent = Baza nie zawiera pomiarów zestawu ILP.
ilp.memcpy = memcpy
ilp.peak = szczyt
ilp.figure = Przepustowość kopiowania w funkcji rozmiaru tablicy $N$ (mediana, obie osie logarytmiczne), jedna linia na ILP, z memcpy w pamięci urządzenia i szczytem teoretycznym (kropkowany)@@DEV@@. Na lewo od pionowej szarej linii obie tablice mieszczą się w pamięci podręcznej L2, która wtedy obsługuje kopię.

# Issue 11: note J (ilp), main body and appendix
find.ilp.l2 = @@DEV@@Rozmiary, których tablice mieszczą się w pamięci podręcznej L2 (@@L2@@), obsługuje ta pamięć: ich najwyższa mediana, @@G@@~GB/s (@@T@@, $N = @@N@@$), to przepustowość pamięci podręcznej, a nie pamięci urządzenia, i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.
find.ilp.l2_over = @@DEV@@Rozmiary, których tablice mieszczą się w pamięci podręcznej L2 (@@L2@@), obsługuje ta pamięć: ich najwyższa mediana, @@G@@~GB/s (@@T@@, $N = @@N@@$), przekracza teoretyczne @@PEAK@@~GB/s pamięci urządzenia; to przepustowość pamięci podręcznej i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.
find.ilp.l2_stored = @@DEV@@Rozmiary, które pomiar uznał za mieszczące się w L2, obsługuje pamięć podręczna: ich najwyższa mediana, @@G@@~GB/s (@@T@@, $N = @@N@@$), to przepustowość pamięci podręcznej, a nie pamięci urządzenia, i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.
find.ilp.l2_stored_over = @@DEV@@Rozmiary, które pomiar uznał za mieszczące się w L2, obsługuje pamięć podręczna: ich najwyższa mediana, @@G@@~GB/s (@@T@@, $N = @@N@@$), przekracza teoretyczne @@PEAK@@~GB/s pamięci urządzenia; to przepustowość pamięci podręcznej i nie liczy się ani jako najlepszy wynik, ani w \% szczytu.

sum.title = Zestawienie wyników
sum.intro = Główne wartości eksperymentów na każdym GPU, tak jak obliczają je ich sekcje: najszybsze własne jądro mnożenia macierzy (wersje raportu~P i jądra własne) wobec cuBLAS i szczytu FP32 oraz jądro kopiujące z notatki~J wobec szczytu pamięci i \texttt{memcpy}. „Najlepszy'', „\% szczytu'' i każda różnica podlegają regułom z punktu~\ref{sec:method}.
sum.caption = Główne wartości na każdym GPU: mediany punktów, które liczą się według reguł metody.
sum.note = \% cuBLAS: mediany GFLOP/s cuBLAS przy rozmiarze jądra. Szczyt FP32 przy zegarze SM zapisanym podczas pomiaru; szczyt pamięci: teoretyczna przepustowość urządzenia.
sum.row.kernel = Najszybsze własne jądro mnożenia
sum.row.size = \quad rozmiar $n$
sum.row.block = \quad blok
sum.row.gflops = \quad GFLOP/s
sum.row.lib = \quad cuBLAS przy tym rozmiarze [GFLOP/s]
sum.row.pct_ref = \quad \% cuBLAS
sum.row.pct_peak = \quad \% szczytu FP32
sum.row.ilp = Jądro kopiujące (notatka~J): najlepsze ILP
sum.row.count = \quad przy $N$ elementach
sum.row.gbs = \quad GB/s
sum.row.pct_mem = \quad \% szczytu pamięci
sum.row.memcpy = \texttt{memcpy} przy tym $N$ [GB/s]
sum.row.pct_memcpy = \quad \% szczytu pamięci
sum.find.text = @@DEV@@@@TEXT@@
sum.find.best.alone = Najszybszym liczącym się własnym jądrem mnożenia jest @@KERNEL@@ przy $n = @@SIZE@@$ (blok @@BLOCK@@): @@GFLOPS@@~GFLOP/s, @@PCT_PEAK@@\,\% szczytu FP32 przy zapisanym zegarze.
sum.find.lib.higher = Przy tym rozmiarze jest szybsze od cuBLAS, @@EFF@@ raza (@@PCT_REF@@\,\% cuBLAS).
sum.find.lib.lower = cuBLAS jest przy tym rozmiarze szybszy, @@EFF@@ raza: własne jądro osiąga @@PCT_REF@@\,\% jego wydajności.
sum.find.lib.same = Przy tym rozmiarze nie różni się istotnie od cuBLAS (@@PCT_REF@@\,\% cuBLAS).
sum.find.lib.untested = Przy tym rozmiarze osiąga @@PCT_REF@@\,\% cuBLAS; różnicy nie zbadano testem (brak surowych próbek, zakresy się nakładają).
sum.find.ilp.higher = Jądro kopiujące przesyła @@GBS@@~GB/s przy ILP~@@ILP@@ i @@COUNT@@ elementach, @@PCT_MEM@@\,\% szczytu pamięci: szybciej niż przy ILP~1, @@EFF@@ raza.
sum.find.ilp.lower = Jądro kopiujące przesyła @@GBS@@~GB/s przy ILP~@@ILP@@ i @@COUNT@@ elementach, @@PCT_MEM@@\,\% szczytu pamięci: wolniej niż przy ILP~1, @@EFF@@ raza.
sum.find.ilp.same = Jądro kopiujące przesyła @@GBS@@~GB/s przy ILP~@@ILP@@ i @@COUNT@@ elementach, @@PCT_MEM@@\,\% szczytu pamięci, bez istotnej różnicy względem ILP~1.
sum.find.ilp.untested = Jądro kopiujące przesyła @@GBS@@~GB/s przy ILP~@@ILP@@ i @@COUNT@@ elementach, @@PCT_MEM@@\,\% szczytu pamięci; różnicy względem ILP~1 nie zbadano testem (brak surowych próbek, zakresy się nakładają).
sum.find.ilp.alone = Jądro kopiujące przesyła @@GBS@@~GB/s przy ILP~@@ILP@@ i @@COUNT@@ elementach, @@PCT_MEM@@\,\% szczytu pamięci.
sum.find.memcpy.higher = \texttt{memcpy} przesyła przy tym rozmiarze @@MEMCPY@@~GB/s (@@PCT_MEMCPY@@\,\% szczytu), szybciej niż jądro kopiujące, @@EFF@@ raza.
sum.find.memcpy.lower = \texttt{memcpy} przesyła przy tym rozmiarze @@MEMCPY@@~GB/s (@@PCT_MEMCPY@@\,\% szczytu), wolniej niż jądro kopiujące, @@EFF@@ raza.
sum.find.memcpy.same = \texttt{memcpy} przesyła przy tym rozmiarze @@MEMCPY@@~GB/s (@@PCT_MEMCPY@@\,\% szczytu), bez istotnej różnicy względem jądra kopiującego.
sum.find.memcpy.untested = \texttt{memcpy} przesyła przy tym rozmiarze @@MEMCPY@@~GB/s (@@PCT_MEMCPY@@\,\% szczytu); różnicy względem jądra kopiującego nie zbadano testem (brak surowych próbek, zakresy się nakładają).
sum.find.memcpy.alone = \texttt{memcpy} przesyła przy tym rozmiarze @@MEMCPY@@~GB/s (@@PCT_MEMCPY@@\,\% szczytu).

cross.title = Porównanie urządzeń
cross.single = Sprawozdanie obejmuje tylko jedno urządzenie, nie ma więc czego porównywać.
cross.intro = Każdą konfigurację, którą oba GPU zmierzyły z tym samym kluczem (kernel, rozmiary, blok, ILP, pamięć hosta, precyzja), porównujemy w głównej metryce jej eksperymentu według reguły z części o metodzie. To, co ogranicza kernel, rozstrzyga, ile zyskuje na drugim GPU: arytmetyka idzie za szczytem FP32, kopiowanie za przepustowością pamięci.
cross.table = Eksperymenty zmierzone na obu GPU: porównane konfiguracje, ile z nich GPU~$k$ wykonuje istotnie szybciej lub wolniej niż GPU~1, ile remisuje lub nie zostało przetestowanych, oraz przyspieszenie GPU~$k$ na nich.
cross.note = Remis: bez istotnej różnicy. Przyspieszenie: dla szybkości wartość na GPU~$k$ przez wartość na GPU~1, dla czasu czas GPU~1 przez czas GPU~$k$ (powyżej 1 GPU~$k$ jest szybszy); mediana, najmniejsze i największe po konfiguracjach.
cross.h.suite = Eksperyment
cross.h.metric = Metryka
cross.h.n = Porównane
cross.h.faster = Szybciej
cross.h.slower = Wolniej
cross.h.same = Remis
cross.h.untested = Nietest.
cross.h.median = Mediana
cross.h.min = Min
cross.h.max = Maks
cross.none = brak
cross.suite.versions = Wersje kerneli
cross.suite.precision = Float wobec double
cross.suite.rect = Iloczyn prostokątny
cross.suite.progression = Progresja SGEMM
cross.suite.transfer = Transfery
cross.suite.ilp = Przepustowość i ILP
cross.suite.transpose = Transpozycja
cross.suite.bank = Konflikty banków
cross.suite.coalesce = Łączenie dostępów
cross.suite.dot = Iloczyn skalarny
cross.suite.walkers = Błądzenie losowe
cross.find.peaks = Szczyty teoretyczne: FP32 @@FP@@ GFLOP/s, przepustowość pamięci @@MEM@@ GB/s.
cross.find.tally = GPU~@@K@@ jest istotnie szybszy w większości konfiguracji eksperymentów: @@FAST@@. Większość konfiguracji remisuje w: @@SAME@@.
cross.find.compute.same = Najszybszy własny kernel na GPU~1, @@KERNEL@@ przy $n = @@N@@$ i bloku @@B@@, osiąga @@V@@ GFLOP/s: bez istotnej różnicy na GPU~@@K@@ (@@E@@ razy). Kernel ograniczony arytmetyką idzie za szczytami FP32, których iloraz wynosi @@RATIO@@.
cross.find.compute.faster = Najszybszy własny kernel na GPU~1, @@KERNEL@@ przy $n = @@N@@$ i bloku @@B@@, osiąga @@V@@ GFLOP/s: GPU~@@K@@ jest @@E@@ razy szybszy. Kernel ograniczony arytmetyką idzie za szczytami FP32, których iloraz wynosi @@RATIO@@.
cross.find.compute.slower = Najszybszy własny kernel na GPU~1, @@KERNEL@@ przy $n = @@N@@$ i bloku @@B@@, osiąga @@V@@ GFLOP/s: GPU~@@K@@ jest wolniejszy (@@E@@ razy). Kernel ograniczony arytmetyką idzie za szczytami FP32, których iloraz wynosi @@RATIO@@.
cross.find.compute.untested = Najszybszy własny kernel na GPU~1, @@KERNEL@@ przy $n = @@N@@$ i bloku @@B@@, osiąga @@V@@ GFLOP/s, na GPU~@@K@@ @@E@@ razy tyle; nie testowano (brak surowych próbek). Iloraz szczytów FP32 wynosi @@RATIO@@.
cross.find.memory.same = Kopiowanie z notatki~J przy ILP~@@ILP@@ i $N = @@N@@$ przenosi @@V@@ GB/s (@@PCT@@\,\% przepustowości pamięci każdego GPU): bez istotnej różnicy na GPU~@@K@@ (@@E@@ razy), choć iloraz przepustowości wynosi @@RATIO@@.
cross.find.memory.faster = Kopiowanie z notatki~J przy ILP~@@ILP@@ i $N = @@N@@$ przenosi @@V@@ GB/s (@@PCT@@\,\% przepustowości pamięci każdego GPU): GPU~@@K@@ jest @@E@@ razy szybszy, przy ilorazie przepustowości @@RATIO@@; kopiowanie ogranicza pamięć urządzenia.
cross.find.memory.slower = Kopiowanie z notatki~J przy ILP~@@ILP@@ i $N = @@N@@$ przenosi @@V@@ GB/s (@@PCT@@\,\% przepustowości pamięci każdego GPU): GPU~@@K@@ jest wolniejszy (@@E@@ razy), przy ilorazie przepustowości @@RATIO@@.
cross.find.memory.untested = Kopiowanie z notatki~J przy ILP~@@ILP@@ i $N = @@N@@$ przenosi @@V@@ GB/s (@@PCT@@\,\% przepustowości pamięci każdego GPU), na GPU~@@K@@ @@E@@ razy tyle; nie testowano (brak surowych próbek). Iloraz przepustowości wynosi @@RATIO@@.

axis.size = Rozmiar macierzy $n$
axis.count = Rozmiar tablicy $N$ [elementy]
axis.gflops = Wydajność [GFLOP/s]
axis.gbs = Przepustowość [GB/s]
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
intro.objectives = Eksperymenty; każdy odpowiada na pytanie swojego źródła:
intro.obj.versions = \emph{Wersje kernela} (sprawozdanie~P): ile daje każdy krok od naiwnego kernela do kafelków, pobierania z wyprzedzeniem i większej pracy na wątek, i jak daleko najlepszy zostaje od cuBLAS.
intro.obj.transfer = \emph{Transfery i fazy} (sprawozdanie~G): na co idzie czas przebiegu i co dają przypięta pamięć hosta i kafelki w pamięci współdzielonej.
intro.obj.ilp = \emph{Przepustowość pamięci i ILP} (notatka~J): jak blisko szczytu pamięci dochodzi kernel kopiujący i czy pomaga więcej kopii na wątek (ILP).
intro.obj.cross = \emph{Porównanie urządzeń}: te same konfiguracje na każdym GPU.
intro.hardware = Sprzęt
ref.title = Bibliografia
ref.P.name = Sprawozdanie~P
ref.P = Sprawozdanie laboratoryjne z Poznania (2014): sześć wersji mnożenia macierzy kwadratowych, z ich obsadzeniem, czasem kernela, GFLOPS, GIPS i CGMA dla różnych rozmiarów macierzy i bloków. GPU: GeForce GT~240 (compute capability~1.2, 12~SM, \num{25.6}~GB/s).
ref.J.name = Notatka~J
ref.J = Notatka o równoległości na poziomie instrukcji w kernelu kopiującym tablicę liczb całkowitych: przepustowość w zależności od rozmiaru tablicy i ILP. GPU: GeForce 920M (Kepler, \num{14.4}~GB/s). Rok nie podany.
ref.B.name = Wykład~B
ref.B = Wykład Białasa o programowaniu GPU: SM, osnowy, pamięć współdzielona, dostęp scalony, konflikty banków pamięci współdzielonej, błądzenie losowe, kafelkowe mnożenie macierzy prostokątnych. GPU i rok nie podane.
ref.G.name = Sprawozdanie~G
ref.G = Sprawozdanie laboratoryjne z roku 2024/25 o mnożeniu macierzy w czterech wariantach programu (kernel prosty i z pamięcią współdzieloną, wynik w pamięci hosta z \texttt{malloc} lub \texttt{cudaMallocHost}), każda faza przebiegu mierzona w 1000 przebiegach. GPU: GeForce RTX~4060 (8~GB).
ref.R.name = Podręcznik~R
ref.R = Rosyjski podręcznik programowania w CUDA: odczyt parametrów urządzenia, pomiar czasu zdarzeniami CUDA, float wobec double, transpozycja, iloczyn macierzy prostokątnych z dopełnieniem, iloczyn skalarny, konflikty banków. GPU i rok nie podane.
intro.sources = Pięć źródeł, wymienionych w bibliografii, zmierzyło ręcznie to, co to sprawozdanie mierzy ponownie.
intro.src.P = Sprawozdanie~P wniosło wersje kerneli \texttt{v1}--\texttt{v5} iloczynu macierzy kwadratowych z ich obsadzeniem oraz czasem, GFLOPS, GIPS i CGMA dla różnych rozmiarów i bloków.
intro.src.J = Notatka~J wniosła kernel kopiujący z równoległością na poziomie instrukcji i jego przepustowość wobec szczytu pamięci.
intro.src.B = Wykład~B wniósł dostęp scalony oraz błądzenie losowe ze stanem generatora w pamięci globalnej, współdzielonej i w rejestrach.
intro.src.G = Sprawozdanie~G wniosło pomiar każdej fazy przebiegu (alokacja, kopie, kernel, synchronizacja, zwolnienie) przy pamięci hosta stronicowanej i przypiętej.
intro.src.R = Podręcznik~R wniósł transpozycję, konflikty banków, iloczyn skalarny, iloczyn macierzy prostokątnych z dopełnieniem i porównanie float z double.
hw.caption = Mierzone GPU: parametry, na których opierają się ustalenia. Dodatek~\ref{app:device} podaje wszystkie parametry.
sess.title = Sesje pomiarowe
versions.app_title = Wersje kernela: opisy i kody źródłowe
find.title = Wnioski z pomiarów
find.none = Dane tego eksperymentu nie pozwalają na żadne stwierdzenie (żadna konfiguracja nie została zmierzona poprawnie).
find.fault = @@DEV@@Kernel \texttt{@@KERNEL@@} uległ awarii przy @@WHAT@@@@MORE@@: @@REASON@@. Awaria to błąd samego kernela (najczęściej dostęp do pamięci poza jego tablicami), a nie błędny wynik; sesja karty skończyła się w tym miejscu, więc jej dalsze konfiguracje nie zostały zmierzone. Aby znaleźć ten dostęp, uruchom tylko tę konfigurację pod compute-sanitizer: \texttt{@@CMD@@}
find.wrong = @@DEV@@Kernel \texttt{@@KERNEL@@} liczy błędny wynik przy @@WHAT@@@@MORE@@: @@REASON@@ Jest pokazany jako błąd, nigdy jako szybkość, i nie bierze udziału w żadnym porównaniu.
find.fail.all = {} (błędnych konfiguracji: @@N@@)
find.effect = @@EST@@ (przedział ufności 95\,\%: @@LO@@--@@HI@@)
find.devs.sep = \,/\,\allowbreak{}
regime.launch = mierzone zdarzeniami i krócej niż jedno uruchomienie kernela: czas to głównie koszt uruchomienia
regime.wave = mniej bloków niż SM: część SM stoi bezczynnie przez cały kernel
regime.l2 = zbiór roboczy mieści się w pamięci podręcznej L2: przepustowość pamięci podręcznej, nie pamięci urządzenia
regime.throttle = zegar SM spadł o więcej niż 2\,\% poniżej najwyższego w sesji lub był obniżony (moc lub temperatura)
regime.derived = Siatki wyznaczono z geometrii uruchomienia wbudowanych kerneli (baza starsza niż zapis siatek). Oznaczenia według reguł z części o metodzie: \rgmark{l} i \rgmark{w}, a \rgmark{c} tam, gdzie liczba jest przepustowością pamięci urządzenia, wyłączają punkt z ,,najlepszego'' i ,,\% szczytu''; \rgmark{t} liczy się przy własnym zegarze.
regime.stored = Oznaczenia według reguł z części o metodzie: \rgmark{l} i \rgmark{w}, a \rgmark{c} tam, gdzie liczba jest przepustowością pamięci urządzenia, wyłączają punkt z ,,najlepszego'' i ,,\% szczytu''; \rgmark{t} liczy się przy własnym zegarze.
concl.title = Podsumowanie i wnioski
concl.intro = Ustalenie każdego źródła, w jego własnych liczbach, obok naszego, zmierzonego na jego warunkach: ta sama wielkość (czas* sprawozdania~G pomija alokację), te same rozmiary i bloki tam, gdzie je zmierzyliśmy. Werdykt wydaje jedna reguła z części o metodzie. Werdykty według reguły z części o metodzie, na każdym GPU: zgodne, gdy nasz pomiar pokazuje różnicę podaną przez źródło; różne, gdy pokazuje przeciwną albo różnicę, której źródło nie widziało; bez istotnej różnicy, gdy reguła żadnej nie stwierdza. Udział (notatka~J) jest zgodny, chyba że nasz leży poniżej udziału źródła o więcej niż próg praktyczny. Krotności to ilorazy Hodgesa--Lehmanna z 95-procentowymi przedziałami ufności.
concl.caption = Ustalenia źródeł i nasze na ich warunkach.
concl.agrees = zgodne
concl.differs = różne
concl.same = bez istotnej różnicy
concl.untested = nietestowane (brak surowych próbek)
concl.nodata = nie zmierzono
concl.per_dev = GPU~@@K@@: @@V@@
concl.h.source = Źródło
concl.h.claim = Jego ustalenie, w jego liczbach
concl.h.ours = Nasze, na jego warunkach
concl.h.verdict = Werdykt
concl.p.tiles.src = Przy bloku $16\times16$ \texttt{v3} (kafelki w pamięci współdzielonej) liczy $n = 528$ w 4,075~ms, \texttt{v2} w 36,72~ms: 9,0 razy szybciej.
concl.p.tiles.ours = \texttt{v2} @@V0@@~ms, \texttt{v3} @@V1@@~ms: \texttt{v3} @@E0@@ razy szybszy; \texttt{v2} żąda od L1 @@V2@@~MB, z czego @@V3@@~MB pochodzi z DRAM.
concl.p.tiles.why = GT~240 (compute capability 1.2) nie ma pamięci podręcznej przed pamięcią globalną; u nas L1 i L2 obsługują większość powtórnych odczytów \texttt{v2}, co zmniejsza różnicę.
concl.p.prefetch.src = \texttt{v4} (\texttt{v3} z wczesnym pobieraniem do rejestrów) jest wolniejszy od \texttt{v3}: $n = 512$ przy $16\times16$ w 4,44 wobec 3,764~ms.
concl.p.prefetch.ours = \texttt{v3} @@V0@@~ms, \texttt{v4} @@V1@@~ms: @@E0@@ czasu \texttt{v3}.
concl.p.v5.src = \texttt{v5} (kafelek $2b \times 2b$ na blok) jest wolniejszy od \texttt{v3} przy $16\times16$ ($n = 640$: 10,632 wobec 7,301~ms), a szybszy tylko przy $8\times8$ (12,047 wobec 13,820~ms).
concl.p.v5.ours = $n = 640$, czas \texttt{v5} do czasu \texttt{v3}: @@E0@@ przy $16\times16$, @@E1@@ przy $8\times8$.
concl.p.one_block.src = \texttt{v1} (jeden blok na całą macierz) osiąga od 0,22 (blok $8\times8$) do 1,47 (blok $22\times22$) GFLOPS.
concl.p.one_block.ours = $n = 528$: od @@V0@@ ($8\times8$) do @@V1@@~GFLOP/s ($22\times22$), @@E0@@ razy; jedyny blok zajmuje jeden SM z @@V2@@.
concl.p.one_block.why = Szybkości to szybkości jednego SM różnych GPU; porównywalna jest kolejność bloków.
concl.p.cgma.src = CGMA (operacje zmiennoprzecinkowe na dostęp do pamięci globalnej): \texttt{v1} od 5,3 do 8, \texttt{v3} przy $16\times16$ około 510 ($n = 528$), \texttt{v5} przy $16\times16$ około 1300.
concl.p.cgma.ours = \texttt{v1} @@V0@@ ($8\times8$) i @@V1@@ ($22\times22$), \texttt{v3} @@V2@@, \texttt{v5} @@V3@@ ($n = 640$).
concl.p.cgma.why = Wartości zliczone, nie próbkowane: decyduje kolejność wersji.
concl.g.memcpy_c.src = Przypięcie $C$ (cudaMallocHost tylko dla wyniku) skraca Memcpy~C o około 60\,\%.
concl.g.memcpy_c.ours = Kernel \texttt{simple}, pinned-output wobec pageable: @@V0@@\,\% przy $n = 512$, @@V1@@\,\% przy $n = @@V2@@$.
concl.g.time.src = Jego czas* (bez alokacji: wiersz Malloc ma 0 w każdej tabeli) spada z przypiętym $C$ o 18\,\% przy $n = 512$, do około 1\,\% przy $n = 16384$.
concl.g.time.ours = Kernel \texttt{simple}, czas* (nasz cały przebieg bez Malloc i Free, przebieg po przebiegu): @@V0@@\,\% przy $n = 512$, @@V1@@\,\% przy $n = @@V2@@$; nasz cały przebieg z alokacją: @@V3@@\,\% przy $n = 512$.
concl.g.time.why = Pamięć przypięta kosztuje swoją alokację: tam, gdzie cały przebieg z alokacją traci, alokacja kosztuje więcej, niż oszczędza kopia.
concl.g.shared.src = Kafelki w pamięci współdzielonej skracają czas kernela o około 25\,\% (przy $n = 16384$: 9,3 wobec 7,0~s).
concl.g.shared.ours = Czas kernela, \texttt{shared} wobec \texttt{simple}: @@V0@@\,\% przy $n = 512$, @@V1@@\,\% przy $n = @@V2@@$.
concl.j.peak.src = Przy dużym $N$ kopiowanie osiąga 12,9 z 14,4~GB/s: 90\,\% szczytu.
concl.j.peak.ours = @@V0@@ z @@V1@@~GB/s: @@V2@@\,\% (ILP~@@V3@@, największe stabilne $N$).
concl.j.ilp.src = ILP prawie nie zmienia przepustowości (na Keplerze i Maxwellu).
concl.j.ilp.ours = ILP~1 @@V1@@, ILP~@@V3@@ @@V0@@~GB/s: @@E0@@ razy.
concl.j.ilp.why = Tam, gdzie nasz wynik jest inny: jeden element na wątek utrzymuje w locie za mało bajtów na SM, by przy tej przepustowości pokryć opóźnienie pamięci tego GPU (część o ILP).
concl.b.walkers.src = $2^{16}$ wędrowców po 50\,000 kroków: stan generatora w pamięci globalnej 3,7~s, we współdzielonej 0,7~s, w rejestrach 0,5~s (5,3 i 1,4 razy szybciej).
concl.b.walkers.ours = $W = @@V0@@$, $S = @@V1@@$: pamięć współdzielona @@E0@@ razy pamięć globalna, rejestry @@E1@@ razy pamięć współdzielona (kroki na sekundę).
concl.r.bank.src = Dostępy do pamięci współdzielonej z krokiem $L$ słów są w konflikcie dla parzystego $L$, nie dla nieparzystego.
concl.r.bank.ours = Czas dostępu względem kroku~1: parzyste $L$ od @@V0@@ do @@V1@@, nieparzyste $L > 1$ od @@V2@@ do @@V3@@.
concl.r.bank.why = Parzysty krok składa 32 adresy osnowy na mniej banków; nieparzysty trafia we wszystkie 32.
concl.tally = Spośród ustaleń zestawionych z naszymi zgodnych jest @@AGREE@@, różnych @@DIFFER@@, bez istotnej różnicy w naszym pomiarze @@SAME@@, a nieprzetestowanych @@UNTESTED@@. Zgodność dotyczy kierunku efektu lub udziału, nie szybkości: źródła mierzyły starsze GPU (GeForce GT~240, 920M, RTX~4060).
word.samples_of.one = @@N@@ próbki
word.samples_of.few = @@N@@ próbek
word.samples_of.many = @@N@@ próbek

# Issue 13: eksperymenty z dostępem do pamięci z podręcznika R i wykładu B
# (render/sec_transpose.c, sec_bank.c, sec_coalesce.c, mem.c; wnioski w
# sec_conclusions.c).
intro.obj.transpose = \emph{Transpozycja macierzy} (podręcznik~R): co daje kafelek w pamięci współdzielonej i jego dopełnienie wobec naiwnej transpozycji.
intro.obj.bank = \emph{Konflikty banków} (podręcznik~R): ile kosztują kroki od 1 do 32 słów przy dostępie osnowy do pamięci współdzielonej.
intro.obj.coalesce = \emph{Łączenie dostępów} (wykład~B): ile kosztuje kopię przesunięty początek i krok oraz czy struktura tablic wygrywa z tablicą struktur.
word.offset = przesunięcie
word.stride = krok

transpose.title = Transpozycja macierzy i kafelki w pamięci współdzielonej
transpose.absent = Baza nie zawiera pomiarów zestawu transpozycji.
transpose.intro = Każdy kernel transponuje kwadratową macierz $n \times n$ pojedynczej precyzji, $C = A^{\mathsf{T}}$, blokami $b \times b$ wątków, po jednym elemencie na wątek (podręcznik~R). \texttt{tr\_naive} czyta $A$ wzdłuż wierszy i zapisuje $C$ wzdłuż kolumn, więc zapisy osnowy trafiają do różnych wierszy; \texttt{tr\_tile} przenosi kafelek $b \times b$ przez pamięć współdzieloną, tak aby również zapis biegł wzdłuż wierszy, i czyta kafelek kolumnami, przez co słowa czytane przez osnowę trafiają do tych samych kilku banków; \texttt{tr\_pad} poszerza kafelek o jedną kolumnę, co rozkłada kolumnę na różne banki. \texttt{tr\_copy} kopiuje macierz tymi samymi blokami, $C = A$: to pułap, z którym porównuje się transpozycje. Przepustowość to bajty odczytane i zapisane, $8n^2$, podzielone przez czas kernela. Dopóki obie macierze mieszczą się w pamięci podręcznej L2, obsługuje je ta pamięć: takie rozmiary są oznaczone i nie biorą udziału w żadnym porównaniu.
transpose.takeaway = \emph{Wniosek:} transpozycja jest tak szybka jak jej najgorszy dostęp. Przeprowadzenie jej przez kafelek w pamięci współdzielonej sprawia, że zarówno odczyty, jak i zapisy w pamięci globalnej biegną wzdłuż wierszy; poszerzenie kafelka o jedną kolumnę rozkłada jego odczyty kolumnowe na banki; kafelek z wypełnieniem zbliża się wtedy do zwykłej kopii.
transpose.h_kernel = Kernel
transpose.gbs = GB/s
transpose.pct = \% kopii
transpose.h_st = Sekt./żąd. zapisu
transpose.h_wf = Fronty/żąd.
transpose.table = Transpozycje przy największym boku $n$, przy którym kopia działała poza pamięcią podręczną L2, według kernela i bloku: mediana przepustowości, udział kopii z tym samym blokiem i liczniki, które to wyjaśniają.
transpose.note = Sekt./żąd. zapisu: sektory zapisu globalnego na żądanie (4, gdy osnowa zapisuje wzdłuż wiersza). Fronty/żąd.: fronty falowe odczytu z pamięci współdzielonej, czyli przebiegi przez banki, na żądanie (1: brak konfliktu banków, $k$: konflikt $k$-krotny). Oba z jednego profilowanego uruchomienia; -- gdzie nie zliczono lub nie dotyczy.
transpose.figure = Przepustowość transpozycji w funkcji boku macierzy $n$: mediana każdego kernela przy jego najlepszym bloku dla każdego $n$; \texttt{tr\_copy}, kopia o tej samej geometrii, jest pułapem. Do boków, których macierze mieszczą się w L2, przepustowość jest przepustowością pamięci podręcznej.
find.tr.tile.faster = @@DEV@@Przy $n = @@N@@$, każdy przy najlepszym bloku, kafelek w pamięci współdzielonej transponuje @@EFF@@ razy szybciej niż transpozycja naiwna (@@GB@@ wobec @@GA@@~GB/s).
find.tr.tile.slower = @@DEV@@Przy $n = @@N@@$, każdy przy najlepszym bloku, kafelek w pamięci współdzielonej jest wolniejszy niż transpozycja naiwna: @@GB@@ wobec @@GA@@~GB/s (@@EFF@@ razy).
find.tr.tile.ns = @@DEV@@Przy $n = @@N@@$ kafelek w pamięci współdzielonej (@@GB@@~GB/s) i transpozycja naiwna (@@GA@@~GB/s) nie różnią się istotnie.
find.tr.tile.untested = @@DEV@@Przy $n = @@N@@$ kafelek w pamięci współdzielonej osiąga @@GB@@~GB/s, transpozycja naiwna @@GA@@~GB/s; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.
find.tr.tile.why = Transpozycja naiwna zapisuje wzdłuż kolumn: jej zapisy zajmują @@S1@@ sektorów na żądanie przy blokach $@@B1@@ \times @@B1@@$ i @@S2@@ przy $@@B2@@ \times @@B2@@$, zapisy kafelka @@ST@@, bo biegną wzdłuż wierszy.
find.tr.pad.faster = @@DEV@@Przy blokach $@@B@@ \times @@B@@$ i $n = @@N@@$ poszerzenie kafelka o jedną kolumnę podnosi jego przepustowość @@EFF@@ razy, z @@GA@@ do @@GB@@~GB/s.
find.tr.pad.slower = @@DEV@@Przy blokach $@@B@@ \times @@B@@$ i $n = @@N@@$ poszerzenie kafelka o jedną kolumnę obniża jego przepustowość do @@EFF@@ razy, z @@GA@@ do @@GB@@~GB/s.
find.tr.pad.ns = @@DEV@@Przy blokach $@@B@@ \times @@B@@$ i $n = @@N@@$ poszerzenie kafelka nie daje istotnej różnicy (@@GA@@ wobec @@GB@@~GB/s).
find.tr.pad.untested = @@DEV@@Przy blokach $@@B@@ \times @@B@@$ i $n = @@N@@$ kafelek osiąga @@GA@@~GB/s bez wypełnienia i @@GB@@~GB/s z nim; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.
find.tr.pad.why = Jego odczyty z pamięci współdzielonej zajmują @@WA@@ frontów falowych na żądanie bez wypełnienia i @@WB@@ z nim, przy czym 1 oznacza brak konfliktu banków.
find.tr.copy.slower = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@T@@, osiąga @@GB@@~GB/s, @@SHARE@@ z @@GA@@~GB/s kopii (@@EFF@@ razy).
find.tr.copy.ns = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@T@@, jest tak szybka jak kopia: @@GB@@ wobec @@GA@@~GB/s, bez istotnej różnicy.
find.tr.copy.faster = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@T@@, jest szybsza niż kopia: @@GB@@ wobec @@GA@@~GB/s (@@EFF@@ razy).
find.tr.copy.untested = @@DEV@@Najszybsza transpozycja przy $n = @@N@@$, @@T@@, osiąga @@GB@@~GB/s, @@SHARE@@ z @@GA@@~GB/s kopii; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.

bank.title = Konflikty banków pamięci współdzielonej
bank.absent = Baza nie zawiera pomiarów zestawu konfliktów banków.
bank.intro = Pamięć współdzielona jest rozłożona na 32 banki czterobajtowych słów. Słowa czytane przez osnowę w jednym dostępie są obsługiwane w jednym przebiegu, gdy leżą w różnych bankach; gdy $k$ różnych słów trafia do jednego banku, dostęp wymaga $k$ przebiegów ($k$-krotny konflikt banków). Każdy wątek czyta tu pamięć współdzieloną 1024 razy, wątek $\ell$ osnowy w $i$-tym odczycie słowo $\ell s + 32i$ (modulo 4096): przy kroku $s$ 32 wątki korzystają z $32/\gcd(s, 32)$ banków, po $\gcd(s, 32)$ słów w każdym, więc nieparzyste kroki nie powodują konfliktu, $s = 2$ powoduje konflikt dwukrotny, a $s = 32$ 32-krotny (podręcznik~R: krok $L$ powoduje konflikty dla parzystego $L$). Czas dostępu to czas kernela podzielony przez liczbę odczytów całej osnowy na SM (1024 na osnowę razy liczba osnów na SM); pomnożony przez zegar SM daje liczbę cykli na dostęp, z których dostęp bez konfliktu potrzebuje około jednego.
bank.takeaway = \emph{Wniosek:} dostęp osnowy do pamięci współdzielonej wymaga jednego przebiegu przez banki na każde słowo w najbardziej obciążonym banku, więc konflikt $n$-krotny kosztuje $n$ dostępów bez konfliktu; nieparzyste kroki albo tablica poszerzona o jedno słowo go unikają.
bank.class.nway = Krotność
bank.class.strides = Kroki $s$
bank.class.cycles = Cykle
bank.class.ratio = $\times$~1-krotny
bank.counted = Zliczone
bank.table = Dostęp do pamięci współdzielonej według oczekiwanej krotności konfliktu $\gcd(s, 32)$: mediana po krokach liczby cykli na dostęp osnowy, jej stosunek do kroków bez konfliktu i konflikt zliczony przez sprzęt.
bank.note = Cykle: ns na dostęp razy zegar SM zapisany z każdą konfiguracją (ns, gdy zegar nie jest znany). Zliczone: fronty falowe odczytu z pamięci współdzielonej (przebiegi przez banki) na instrukcję odczytu, z jednego profilowanego uruchomienia; -- gdzie nie zliczono.
bank.figure = Cykle na dostęp osnowy do pamięci współdzielonej w funkcji kroku $s$ (mediana; oś logarytmiczna) oraz cykle kroku~1 razy oczekiwany konflikt $\gcd(s, 32)$ (szaro).
bank.axis = Cykle na dostęp
bank.measured = zmierzone
bank.expected = krok~1 $\times \gcd(s, 32)$
bank.unit_cycles = cykli
bank.unit_ns = ns
find.bank.odd.same = @@DEV@@@@N@@ nieparzystych kroków powyżej 1 trwa tyle co krok~1 (@@C1@@~@@T@@ na dostęp), @@LO@@ do @@HI@@ jego czasu: żaden nie różni się istotnie.
find.bank.odd.some = @@DEV@@Spośród @@N@@ nieparzystych kroków powyżej 1 @@K@@ trwa istotnie dłużej niż krok~1 (@@C1@@~@@T@@ na dostęp); wszystkie trwają @@LO@@ do @@HI@@ jego czasu.
find.bank.odd.why = Liczniki zliczają tam najwyżej @@W@@ frontów falowych na żądanie: każdy wątek osnowy czyta z własnego banku.
find.bank.even.all = @@DEV@@Wszystkie @@N@@ parzyste kroki trwają istotnie dłużej niż krok~1: @@LO@@ do @@HI@@ razy jego @@C1@@~@@T@@ na dostęp.
find.bank.even.some = @@DEV@@Spośród @@N@@ parzystych kroków @@K@@ trwa istotnie dłużej niż krok~1 (@@C1@@~@@T@@ na dostęp); wszystkie trwają @@LO@@ do @@HI@@ jego czasu.
find.bank.even.why = Liczniki zliczają $\gcd(s, 32)$ frontów falowych na żądanie (z dokładnością do połowy) przy @@M@@ z tych @@MN@@ kroków, do @@W@@: każde kolejne słowo w najbardziej obciążonym banku kosztuje jeden przebieg więcej.
bank.axis_stride = Krok $s$ [słowa czterobajtowe]

coalesce.title = Łączone i niełączone dostępy do pamięci globalnej
coalesce.absent = Baza nie zawiera pomiarów zestawu łączenia dostępów.
coalesce.intro = Pamięć obsługuje odczyty osnowy 32-bajtowymi sektorami po 8 liczb float: osnowa, której 32 wątki czytają 32 kolejne, wyrównane liczby, potrzebuje 4 sektorów, najmniej jak się da (dostęp łączony; transakcje półosnowy po 64 lub 128 bajtów z wykładu~B to starsza postać tej samej reguły). Trzy eksperymenty, z blokami po 256 wątków: kopia $c_i = a_{i+k}$ zaczynająca się $k = 0, \ldots, 32$ elementów dalej, co dodaje piąty sektor do odczytu każdej osnowy, chyba że $k$ jest wielokrotnością 8; kopia $c_i = a_{is}$ czytająca co $s$-ty element, $s = 1, \ldots, 32$; oraz aktualizacja $p + v\,\Delta t$ trójskładnikowych wektorów float zapisanych jako tablica struktur $\{x, y, z\}$ (\texttt{aos}) albo jako trzy tablice, czyli struktura tablic (\texttt{soa}). Przepustowość to użyteczne bajty odczytane i zapisane, $8N$ dla kopii $N$ elementów i $36N$ dla aktualizacji $N$ wektorów, podzielone przez czas kernela. Liczniki odróżniają sektory, o które prosi osnowa, od bajtów faktycznie odczytanych z DRAM.
coalesce.takeaway = \emph{Wniosek:} przepustowość kosztują bajty przesłane z DRAM, nie sektory, o które prosi osnowa: przesunięty początek i tablica struktur dodają sektory, które obsługuje pamięć podręczna, a krok mnoży bajty DRAM odczytane na element.
coalesce.h_exp = Kernel
coalesce.h_param = Parametr
coalesce.gbs = GB/s
coalesce.pct = \% bazy
coalesce.spr = Sekt./żąd.
coalesce.dram = B DRAM/elem.
coalesce.table = Kopie i aktualizacja wektorów przy charakterystycznych przesunięciach $k$ i krokach $s$: mediana przepustowości, w procentach jej bazy (przesunięcie~0, krok~1, \texttt{soa}), i to, co zliczył sprzęt: sektory odczytu globalnego na żądanie i bajty odczytane z DRAM na element (na wektor przy aktualizacji).
coalesce.note = \% bazy: szaro z~\nsmark{}, gdy reguła nie stwierdza istotnej różnicy, \ntmark{}~nie testowano. Liczniki z jednego profilowanego uruchomienia; -- gdzie nie zliczono.
coalesce.figure = Przepustowość kopii w funkcji przesunięcia $k$ i kroku $s$ (mediana; oś logarytmiczna).
find.co.ctl.none = @@DEV@@Przesunięty początek nie kosztuje tu nic mierzalnego: żadne z @@N@@ przesunięć niebędących wielokrotnością 8 elementów nie jest istotnie wolniejsze od wyrównanego przesunięcia $8\lceil k/8\rceil$ nad nim (@@LO@@ do @@HI@@ jego przepustowości).
find.co.ctl.some = @@DEV@@@@K@@ z @@N@@ przesunięć niebędących wielokrotnością 8 elementów jest istotnie wolniejszych od wyrównanego przesunięcia $8\lceil k/8\rceil$ nad nimi, przy @@LO@@ do @@HI@@ jego przepustowości.
find.co.ctl.untested = @@DEV@@@@N@@ przesunięć niebędących wielokrotnością 8 elementów osiąga @@LO@@ do @@HI@@ wyrównanego przesunięcia $8\lceil k/8\rceil$ nad nimi; bez surowych próbek i przy nakładających się zakresach różnice nie są testowane.
find.co.ctl.why = Przesunięta osnowa czyta @@S1@@ sektorów na żądanie zamiast @@S8@@, ale obie kopie czytają z DRAM tyle samo bajtów, @@D1@@ wobec @@D8@@ na element: dodatkowy sektor obsługuje pamięć podręczna.
find.co.off.most = @@DEV@@Przesunięcie~0 (@@G0@@~GB/s) jest najszybsze: @@K@@ z @@N@@ przesunięć niewyrównanych jest istotnie wolniejszych, przy @@LO@@ do @@HI@@ jego przepustowości.
find.co.off.some = @@DEV@@Wobec przesunięcia~0 (@@G0@@~GB/s) @@K@@ z @@N@@ przesunięć niewyrównanych jest istotnie wolniejszych; wszystkie osiągają @@LO@@ do @@HI@@ jego przepustowości.
find.co.off.none = @@DEV@@Żadne przesunięcie niewyrównane nie jest istotnie wolniejsze od przesunięcia~0 (@@G0@@~GB/s): @@N@@ przesunięć osiąga @@LO@@ do @@HI@@ jego przepustowości.
find.co.off.untested = @@DEV@@@@N@@ przesunięć niewyrównanych osiąga @@LO@@ do @@HI@@ z @@G0@@~GB/s przesunięcia~0; bez surowych próbek i przy nakładających się zakresach różnice nie są testowane.
find.co.off.why = Wyrównane przesunięcia 8, 16, 24 i 32 osiągają @@ALO@@ do @@AHI@@ tej przepustowości: przesunięcie~0 wyróżnia nie wyrównanie odczytów.
find.co.str.slower = @@DEV@@Czytanie co $s$-tego elementu kosztuje przepustowość: z @@G1@@~GB/s kroku~1 kopia zachowuje @@P2@@ przy $s = 2$, @@P4@@ przy $s = 4$ i @@P8@@ przy $s = 8$ (krok~1 jest @@EFF@@ razy szybszy od kroku~8).
find.co.str.faster = @@DEV@@Krok~2 jest szybszy od kroku~1 (@@G1@@~GB/s): kopia zachowuje @@P2@@ przy $s = 2$, @@P4@@ przy $s = 4$ i @@P8@@ przy $s = 8$.
find.co.str.ns = @@DEV@@Krok~2 nie różni się istotnie od kroku~1 (@@G1@@~GB/s); kopia zachowuje @@P4@@ przy $s = 4$ i @@P8@@ przy $s = 8$.
find.co.str.untested = @@DEV@@Z @@G1@@~GB/s kroku~1 kopia zachowuje @@P2@@ przy $s = 2$, @@P4@@ przy $s = 4$ i @@P8@@ przy $s = 8$; bez surowych próbek i przy nakładających się zakresach różnice nie są testowane.
find.co.str.why = Odczyt osnowy zajmuje przy tych krokach @@S2@@, @@S4@@ i @@S8@@ sektorów na żądanie wobec 4 przy kroku~1: od kroku~8 każdy element ma własny 32-bajtowy sektor.
find.co.far.level = @@DEV@@Od kroku~16 do kroku~@@SMAX@@ przepustowość zmienia się z @@G16@@ na @@GMAX@@~GB/s.
find.co.far.why = Bajty odczytane z DRAM na element rosną z krokiem, @@D1@@ przy $s = 1$, @@D8@@ przy $s = 8$ i @@D16@@ przy $s = 16$, a potem się nie zmieniają (@@DMAX@@ przy $s = @@SMAX@@$): powyżej kroku~16 ruch do DRAM na element już nie rośnie.
find.co.aos.faster = @@DEV@@Struktura tablic aktualizuje wektory @@EFF@@ razy szybciej niż tablica struktur (@@GB@@ wobec @@GA@@~GB/s).
find.co.aos.slower = @@DEV@@Struktura tablic nie jest szybsza od tablicy struktur; reguła uznaje ją za wolniejszą, @@GB@@ wobec @@GA@@~GB/s (@@EFF@@ razy).
find.co.aos.ns = @@DEV@@Struktura tablic (@@GB@@~GB/s) i tablica struktur (@@GA@@~GB/s) nie różnią się istotnie.
find.co.aos.untested = @@DEV@@Struktura tablic osiąga @@GB@@~GB/s, tablica struktur @@GA@@~GB/s; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.
find.co.aos.why = Obie czytają z DRAM tyle samo bajtów, @@DA@@ i @@DB@@ na wektor, choć tablica struktur zajmuje @@SA@@ sektorów na żądanie wobec @@SB@@: jej dodatkowe sektory obsługuje pamięć podręczna, więc układ danych zmienia ruch między pamięcią podręczną a SM, nie ruch do DRAM.
coalesce.line_offset = przesunięcie $k$
coalesce.line_stride = krok $s$
coalesce.axis_param = Przesunięcie $k$ lub krok $s$ [elementy]

concl.src.P = sprawozdanie~P
concl.src.G = sprawozdanie~G
concl.src.J = notatka~J
concl.src.R = podręcznik~R
concl.src.B = wykład~B

# Issue 13, punkty 6 i 7: iloczyn skalarny (podręcznik R) i błądzenie
# losowe (wykład B).
intro.obj.dot = \emph{Iloczyn skalarny} (podręcznik~R): redukcja w pamięci współdzielonej wobec cuBLAS, w pojedynczej i podwójnej precyzji.
intro.obj.walkers = \emph{Błądzenie losowe} (wykład~B): co daje przeniesienie stanu generatora do pamięci współdzielonej i rejestrów.
word.steps = kroków

dot.title = Iloczyn skalarny z redukcją w pamięci współdzielonej
dot.absent = Baza danych nie zawiera pomiarów zestawu dot.
dot.intro = Każde jądro oblicza iloczyn skalarny $s = \sum_i a_i b_i$ dwóch wektorów o $N$ elementach z przedziału $[0, 1)$ (podręcznik~R). \texttt{dot} sumuje pętlą o kroku siatki, redukuje 256 sum częściowych każdego bloku drzewem w pamięci współdzielonej, a drugie jądro z jednym blokiem redukuje sumy bloków, wszystko w precyzji wektorów; \texttt{cublas\_dot} to SDOT (fp32) lub DDOT (fp64) z cuBLAS. Przepustowość to $2N$ odczytanych elementów przez czas jądra. Wynik porównywany jest z dokładnym iloczynem, liczonym na hoście w rozszerzonej precyzji z sumowaniem kompensowanym: błąd względny nie może przekroczyć $10^{-5}$ w fp32 i $10^{-12}$ w fp64, w przeciwnym razie konfiguracja jest błędna. Gdy oba wektory mieszczą się w pamięci L2 albo jądro mierzone zdarzeniami trwa krócej niż uruchomienie, wynik nie mierzy pamięci urządzenia: takie punkty są oznaczone i nie biorą udziału w porównaniach.
dot.takeaway = \emph{Wniosek:} iloczyn skalarny ogranicza pamięć: redukcja drzewem w pamięci współdzielonej czyta niemal z przepustowością cuBLAS, a podwójna precyzja kosztuje mniej więcej czas podwojonych bajtów, przy błędzie mniejszym o wiele rzędów wielkości.
dot.h_kernel = Kernel
dot.h_prec = Precyzja
dot.gbs = GB/s
dot.pct_cublas = \%~cuBLAS
dot.pct_peak = \%~szczytu
dot.table = Iloczyn skalarny przy największym $N$, przy którym oba kernele działały w stanie ustalonym: mediana przepustowości, w procentach przepustowości cuBLAS i teoretycznej przepustowości pamięci urządzenia.
dot.note = \%~cuBLAS: szaro z~\nsmark{}, gdy reguła nie stwierdza istotnej różnicy, \ntmark{}~nie testowano.
dot.figure = Przepustowość iloczynu skalarnego w funkcji długości wektora $N$: mediana każdego kernela w każdej precyzji oraz teoretyczna przepustowość pamięci każdego urządzenia (szaro).
find.dot.vs.faster = @@DEV@@W @@T@@ redukcja w pamięci współdzielonej jest szybsza niż cuBLAS: @@GO@@ wobec @@GC@@~GB/s, @@EFF@@ razy przepustowość biblioteki.
find.dot.vs.slower = @@DEV@@W @@T@@ redukcja w pamięci współdzielonej osiąga @@SHARE@@ przepustowości cuBLAS, @@GO@@ wobec @@GC@@~GB/s (@@EFF@@ razy).
find.dot.vs.ns = @@DEV@@W @@T@@ redukcja w pamięci współdzielonej (@@GO@@~GB/s) i cuBLAS (@@GC@@~GB/s) nie różnią się istotnie.
find.dot.vs.untested = @@DEV@@W @@T@@ redukcja w pamięci współdzielonej osiąga @@GO@@~GB/s, cuBLAS @@GC@@~GB/s; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.
find.dot.vs.why = Redukcja czyta z @@PO@@ teoretycznej przepustowości pamięci, cuBLAS z @@PC@@: iloczyn ogranicza pamięć, a różni je to, jak blisko każde z nich do niej dochodzi.
find.dot.prec.slower = @@DEV@@@@T@@: fp64 trwa @@EFF@@ razy dłużej niż fp32 (@@R@@ według median), podczas gdy dwa razy więcej bajtów zajęłoby dwa razy więcej czasu.
find.dot.prec.faster = @@DEV@@@@T@@: fp64 jest szybsza niż fp32 (@@EFF@@ razy czas), choć czyta dwa razy więcej bajtów.
find.dot.prec.ns = @@DEV@@@@T@@: fp64 i fp32 nie różnią się istotnie czasem (@@R@@ według median), choć fp64 czyta dwa razy więcej bajtów.
find.dot.prec.untested = @@DEV@@@@T@@: fp64 trwa według median @@R@@ razy dłużej niż fp32; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.
find.dot.prec.why = fp32 czyta z @@P32@@ teoretycznej przepustowości pamięci, fp64 z @@P64@@: stosunek jest mniejszy od 2 o tyle, o ile przepustowość fp32 jest mniejsza od przepustowości fp64.
find.dot.err.all = @@DEV@@Wszystkie @@N@@ konfiguracji \texttt{dot} przeszły weryfikację wobec dokładnego iloczynu; jego średni błąd względny wynosi @@E32@@ w fp32 i @@E64@@ w fp64.
find.dot.err.some = @@DEV@@Tylko @@K@@ z @@N@@ konfiguracji \texttt{dot} przeszło weryfikację wobec dokładnego iloczynu (nieudane wymieniono wyżej); jego średni błąd względny wynosi @@E32@@ w fp32 i @@E64@@ w fp64.
find.dot.err.why = Błąd cuBLAS wynosi @@C32@@ i @@C64@@.
dot.line_peak = szczyt teoretyczny
dot.axis_n = Długość wektora $N$ [elementy]

walkers.title = Błądzenie losowe i stan generatora
walkers.absent = Baza danych nie zawiera pomiarów zestawu walkers.
walkers.intro = Każda z $W$ cząstek startuje z 0 i wykonuje $S$ kroków $+1$ lub $-1$, wybieranych przez własny generator xorshift32 (wykład~B). Jądra różnią się tylko miejscem, w którym stan generatora przechowywany jest między krokami: w pamięci globalnej (\texttt{walk\_global}), z której każdy krok go czyta i do której go zapisuje, w pamięci współdzielonej (\texttt{walk\_shared}) lub w rejestrach (\texttt{walk\_registers}); bloki po 256 wątków, jedna cząstka na wątek. Szybkość to $W S$ kroków przez czas jądra, w $10^9$ kroków na sekundę. Każda konfiguracja jest sprawdzana dokładnie wobec przebiegu tego samego generatora na CPU dla próbki cząstek. Punkty o mniejszej liczbie bloków niż multiprocesorów są oznaczone i pomijane przy wyborze ,,największego punktu''. Przebieg liczników nie obejmuje tego zestawu: ruch w pamięci na krok wynika z kodu jąder, nie z pomiaru.
walkers.takeaway = \emph{Wniosek:} stan wątku trzeba trzymać w rejestrach: stan, który w każdym kroku przechodzi przez pamięć globalną, kosztuje większość szybkości, a pamięć współdzielona odzyskuje jej większość.
walkers.table = Szybkość błądzenia losowego w $10^9$ kroków na sekundę według liczby cząstek $W$ i kroków $S$, ze stanem generatora w pamięci globalnej, współdzielonej i w rejestrach (mediana).
walkers.figure = Szybkość błądzenia losowego w funkcji liczby kroków na cząstkę, dla największej zmierzonej liczby cząstek (mediana).
find.wk.shared.faster = @@DEV@@W największym ustalonym punkcie, @@T@@, przechowywanie stanu generatora w pamięci współdzielonej zamiast globalnej przyspiesza błądzenie @@EFF@@ razy (@@GB@@ wobec @@GA@@~Gkroków/s).
find.wk.shared.slower = @@DEV@@W największym ustalonym punkcie, @@T@@, stan w pamięci współdzielonej jest wolniejszy niż w globalnej: @@GB@@ wobec @@GA@@~Gkroków/s (@@EFF@@ razy).
find.wk.shared.ns = @@DEV@@W największym ustalonym punkcie, @@T@@, stan w pamięci współdzielonej (@@GB@@~Gkroków/s) i w globalnej (@@GA@@) nie różnią się istotnie.
find.wk.shared.untested = @@DEV@@W największym ustalonym punkcie, @@T@@, stan w pamięci współdzielonej daje @@GB@@~Gkroków/s, w globalnej @@GA@@; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.
find.wk.regs.faster = @@DEV@@Rejestry są jeszcze szybsze: @@EFF@@ razy szybkość pamięci współdzielonej (@@GB@@ wobec @@GA@@~Gkroków/s), @@RG@@ razy szybkość pamięci globalnej.
find.wk.regs.slower = @@DEV@@Rejestry są wolniejsze niż pamięć współdzielona: @@GB@@ wobec @@GA@@~Gkroków/s (@@EFF@@ razy).
find.wk.regs.ns = @@DEV@@Rejestry (@@GB@@~Gkroków/s) i pamięć współdzielona (@@GA@@) nie różnią się istotnie.
find.wk.regs.untested = @@DEV@@Rejestry dają @@GB@@~Gkroków/s, pamięć współdzielona @@GA@@; bez surowych próbek i przy nakładających się zakresach różnica nie jest testowana.
find.wk.regs.why = Czasy z wykładu~B dla pamięci globalnej, współdzielonej i rejestrów mają się jak 1 : @@LS@@ : @@LR@@; nasze jak 1 : @@TS@@ : @@TR@@.
find.wk.order.all = @@DEV@@Kolejność pamięć globalna, pamięć współdzielona, rejestry, każde istotnie szybsze od poprzedniego, zachodzi we wszystkich @@N@@ punktach, w których zmierzono trzy jądra.
find.wk.order.some = @@DEV@@Kolejność pamięć globalna, pamięć współdzielona, rejestry, każde istotnie szybsze od poprzedniego, zachodzi w @@K@@ z @@N@@ punktów, w których zmierzono trzy jądra.
find.wk.exact.all = @@DEV@@Wszystkie @@N@@ konfiguracji zgadzają się dokładnie z przebiegiem tego samego generatora na CPU dla sprawdzonych cząstek.
find.wk.exact.some = @@DEV@@Tylko @@K@@ z @@N@@ konfiguracji zgadza się dokładnie z przebiegiem tego samego generatora na CPU; pozostałe wymieniono wyżej.
mem.text = @@DEV@@@@TEXT@@
mem.nothing = Żadne porównanie w tym eksperymencie nie spełnia reguł tego, co się liczy (punkt ustalony po obu stronach, baza zmierzona poprawnie); jego dane są w dodatku.
walkers.walkers = $W$
walkers.steps = $S$
walkers.h_global = globalna
walkers.h_shared = współdz.
walkers.h_regs = rejestry
walkers.axis_steps = Kroki $S$ na cząstkę
walkers.axis_gsteps = Szybkość [$10^9$ kroków/s]


# Zadanie 13, punkt 2: iloczyn macierzy prostokątnych z podręcznika R,
# wymiary dopełnione do bloku (render/sec_rect.c; wniosek w
# sec_conclusions.c).
intro.obj.rect = \emph{Iloczyn prostokątny} (podręcznik~R): ile kosztuje dopełnienie każdego wymiaru do bloku, w pojedynczej i podwójnej precyzji, obok cuBLAS.
rect.title = Iloczyn macierzy prostokątnych dopełnionych do bloku
rect.absent = Baza danych nie zawiera pomiarów zestawu rect.
rect.intro = Ten eksperyment pyta, jak szybko działa iloczyn macierzy prostokątnych z podręcznika~R, $C = AB$ z $A$ o wymiarach $m \times k$ i $B$ o wymiarach $k \times n$, gdy każdy wymiar dopełniono do wielokrotności bloku, $X' = \lceil X/b \rceil\,b$, ile kosztuje dopełnienie, ile podwójna precyzja względem pojedynczej i jak dokładne są obie. Kernel \texttt{rect} używa kafelków pamięci współdzielonej o $b \times b$ wątkach i poza krawędziami czyta zera, więc wykonuje $M'K'N'$ mnożeń z dodawaniem iloczynu dopełnionego, z czego $mkn$ użytecznych: ich stosunek to współczynnik pracy dopełnionej. \texttt{cublas} to SGEMM lub DGEMM z cuBLAS na tych samych danych; GFLOP/s liczą użyteczne $2mkn$. Każdy wynik sprawdzono względem DGEMM; dokładność zmierzono na 1024 losowych elementach względem iloczynu z kompensacją, w jednostkach zaokrąglenia $u$.
rect.shape = Kształt $m \times k \times n$
rect.h_pad = Współczynnik pracy dopełnionej
rect.table = Iloczyn dopełniony według kształtu: współczynnik pracy dopełnionej $M'K'N'/(mkn)$ każdego bloku oraz dla każdej precyzji najszybszy blok ($b$, przy kilku GPU na GPU~1) z jego GFLOP/s na każdym GPU, mediana z @@SAMPLES@@.
rect.table_note = Współczynnik to wykonane mnożenia z dodawaniem względem użytecznych; zależy od kształtu i bloku, nie od precyzji.
rect.regime_note = Przy takim kształcie czas bloku mierzy też bezczynne multiprocesory; jego bloki nadal się porównuje, bo liczba bloków siatki jest częścią kosztu rozmiaru bloku, ale kształt pomija się w ,,\% szczytu''.
rect.find.text = @@DEV@@@@TEXT@@
rect.find.best = W @@PREC@@ najszybszy blok według kształtu: @@LIST@@.
rect.find.best_item = @@SHAPE@@ $b = @@B@@$, @@E@@ razy GFLOP/s bloku $b = @@B2@@$@@WHY@@
rect.find.best_ns = @@SHAPE@@ $b = @@B@@$, bez istotnej różnicy względem $b = @@B2@@$ (@@E@@)@@WHY@@
rect.find.best_one = @@SHAPE@@ $b = @@B@@$, jedyny blok, który działał
rect.find.best_why = , bo siatka $b = @@BT@@$ z @@G@@ blokami zostawia część z @@SMS@@~SM bezczynną
rect.find.pad = W @@PREC@@ przy @@SHAPE@@ blok $b = @@BW@@$ dopełnia pracę do @@PW@@ razy pracy użytecznej, a $b = @@BL@@$ do @@PL@@, stosunek @@RP@@; $b = @@BW@@$ potrzebuje @@RT@@ razy więcej czasu.
rect.find.pad.explains = Na dopełnione mnożenie z dodawaniem oba bloki różnią się o nie więcej niż @@TOL@@ (@@E@@ razy): różnicę wyjaśnia dopełnienie.
rect.find.pad.more = Stosunek czasów przekracza dopełnienie: na dopełnione mnożenie z dodawaniem $b = @@BW@@$ jest też @@E@@ razy wolniejszy, więc dopełnienie wyjaśnia tylko część różnicy.
rect.find.pad.less = Stosunek czasów jest mniejszy niż dopełnienie: na dopełnione mnożenie z dodawaniem $b = @@BW@@$ potrzebuje @@E@@ razy czasu $b = @@BL@@$, więc szybsza praca równoważy część lub całość straty.
rect.find.pad.ns = Czasy nie różnią się istotnie, więc dane nie pokazują tu kosztu dopełnienia.
rect.find.prec = Czas kernela w fp64 względem fp32 dla kształtów: \texttt{rect} przy najszybszym bloku każdej precyzji @@RANGE@@, cuBLAS @@LRANGE@@.
rect.find.prec_nolib = Czas kernela w fp64 względem fp32 dla kształtów: \texttt{rect} przy najszybszym bloku każdej precyzji @@RANGE@@.
rect.find.pr.near = Szczyty urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, stosunek czasów kernela ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} mieści się w @@TOL@@ od niego.
rect.find.pr.below = Szczyty urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, stosunek czasów kernela ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} jest o ponad @@TOL@@ niższe: kernel nie działa z szybkością jednostek FP32, więc wolniejsze jednostki FP64 kosztują go mniej niż stosunek szczytów.
rect.find.pr.above = Szczyty urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, stosunek czasów kernela ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} przekracza go o ponad @@TOL@@: fp64 kosztuje kernel więcej, niż wyjaśniają jednostki arytmetyczne.
rect.find.pr.mixed = Szczyty urządzenia, @@P32@@~GFLOP/s w FP32 i @@P64@@ w FP64, mają się jak @@PR@@~:~1, stosunek czasów kernela ograniczonego arytmetyką; @@RANGE@@ dla \texttt{rect} leży częściowo w granicy @@TOL@@, częściowo poza nią: kształty różnią się tym, co je ogranicza.
rect.find.pr.two = Element fp64 ma też dwa razy więcej bajtów niż fp32: stosunek bliski 2 pasuje zarówno do kernela ograniczonego ruchem pamięci, jak i arytmetyką, a te dane nie odróżniają tych przypadków.
rect.find.pr.none = Baza nie zawiera szczytu FP64 tego urządzenia, więc stosunku nie zestawiono ze szczytami.
rect.find.lib = W @@PREC@@ przy @@SHAPE@@ najszybszy blok osiąga @@PCT@@ cuBLAS i @@A@@ szczytu swoich jednostek (@@PK@@~GFLOP/s), cuBLAS @@C@@.
rect.find.lib_tc = W @@PREC@@ przy @@SHAPE@@ najszybszy blok osiąga @@PCT@@ cuBLAS i @@A@@ szczytu FP64 rdzeni CUDA (@@PK@@~GFLOP/s); cuBLAS działa na rdzeniach tensorowych FP64, @@C@@ ich szczytu.
rect.find.lib_nolib = W @@PREC@@ przy @@SHAPE@@ najszybszy blok osiąga @@A@@ szczytu swoich jednostek (@@PK@@~GFLOP/s).
rect.find.lib_over = W @@PREC@@ przy @@SHAPE@@ najszybszy blok osiąga @@PCT@@ cuBLAS i @@A@@ szczytu swoich jednostek (@@PK@@~GFLOP/s); cuBLAS przekroczyłby szczyt, względem którego jest mierzony, co jest wadą tego szczytu dla tego urządzenia, więc nie podano jego udziału.
rect.find.lib_why = Ten zestaw nie ma przebiegu liczników, więc tego, co trzyma \texttt{rect} poniżej cuBLAS (odczyty, konflikty banków, skład instrukcji), tu nie zmierzono; sekcja progresji mierzy to dla iloczynu kwadratowego.
rect.find.acc = Dokładność w @@PREC@@ ($u = @@U@@$): \texttt{rect} najwyżej @@RMAX@@~$u$, cuBLAS najwyżej @@CMAX@@~$u$, w granicy klasycznego oszacowania $k u$ ($k \le @@KHI@@$).
rect.find.acc_over = Dokładność w @@PREC@@ ($u = @@U@@$): \texttt{rect} najwyżej @@RMAX@@~$u$, cuBLAS najwyżej @@CMAX@@~$u$; \texttt{rect} przekracza klasyczne oszacowanie $k u$ przy pewnym kształcie.
rect.find.verified_all = Wszystkie @@N@@ konfiguracje \texttt{rect} przeszły weryfikację względem DGEMM (największy błąd względny @@E@@): iloczyn dopełniony jest poprawny dla każdego zmierzonego kształtu, bloku i precyzji.
rect.find.verified_some = Tylko @@K@@ z @@N@@ konfiguracji \texttt{rect} przeszło weryfikację względem DGEMM; nieudane wymieniono powyżej i nie biorą udziału w porównaniach.
rect.find.nonsteady = Przy @@LIST@@ niektóre punkty uruchomiły mniej bloków, niż GPU ma SM (oznaczone): tam czas bloku mierzy też bezczynne multiprocesory.
rect.takeaway = \textbf{Wniosek.} @@DEV@@@@TEXT@@
rect.take = Dopełnienie do $b = @@B@@$ dodaje najwyżej @@W@@ pracy (@@SHAPE@@).
rect.take_fills = Największy blok, $b = @@BT@@$, jest najszybszy dokładnie tam, gdzie jego siatka zajmuje każdy SM, w obu precyzjach: należy wybrać największy blok, którego siatka wypełnia GPU.

# Issue 13, item 1: float a double w podręczniku R, na jądrach mnożenia
# macierzy (render/sec_precision.c).
intro.obj.precision = \emph{Pojedyncza a podwójna precyzja} (podręcznik~R): o ile dłużej trwa i o ile dokładniejsze jest fp64 niż fp32.
precision.title = Pojedyncza a podwójna precyzja w mnożeniu macierzy
precision.absent = Baza danych nie zawiera pomiarów zestawu precision.
precision.intro = Podręcznik~R porównuje float i double pod względem szybkości i dokładności. Jądra \texttt{v2}--\texttt{v5} (raport~P), \texttt{simple} i \texttt{shared} (raport~G) oraz cuBLAS (SGEMM w fp32, DGEMM w fp64) obliczają $C = AB$ dla kwadratowych macierzy $n \times n$ ($k = n$) z losowych danych o rozkładzie jednostajnym na $[-1, 1)$: liczb float w fp32 i liczb double o wszystkich 53 bitach w fp64; GFLOP/s to $2n^3$ przez czas jądra. mmreport mierzy iloczyny fp32 i fp64 jednego rozmiaru naprzemiennie, aby dryf zegara lub temperatury dotykał obu jednakowo; gdzie sesje bazy są starsze i mierzyły je jedno po drugim, mówi o tym przypis tabeli. Błąd elementu, mierzony na 1024 elementach $C$ wobec iloczynu w long double z sumowaniem kompensowanym, to $|c_{ij} - \hat c_{ij}| / \sum_k |a_{ik} b_{kj}|$, który klasyczne oszacowanie ogranicza przez około $k u$, gdzie $u$ to jednostka zaokrąglenia: $2^{-24}$ w fp32, $2^{-53}$ w fp64.
precision.h_kernel = Jądro
precision.h_peak = szczyt FP64
precision.h_g64 = fp64 GFLOP/s
precision.h_pct = \%~szczytu
precision.h_ratio = fp64/fp32
precision.peak_tc = rdzeni tensorowych
precision.peak_cuda = rdzeni CUDA
precision.table = Mnożenie macierzy w fp64 dla $n = @@N@@$, największego rozmiaru, w którym jądra działały stabilnie w obu precyzjach: mediana wydajności, jej udział w szczycie FP64 wskazanych jednostek oraz czas jądra w fp64 przez czas w fp32 (estymator Hodgesa--Lehmanna).
precision.table_note = \%~szczytu: przy zegarze SM zapisanym z konfiguracją; przy zdolności obliczeniowej 8.0 i 9.0 DGEMM z cuBLAS działa na rdzeniach tensorowych FP64, z dwukrotną wydajnością rdzeni CUDA FP64. Udziału, który przekroczyłby 100\,\%, nie podano. fp64/fp32: \nsmark~brak istotnej różnicy (szary), \ntmark~nie testowano (brak surowych próbek, zakresy się nakładają).
note.apart = W tej bazie fp32 i fp64 mierzono jedno po drugim (jej sesje są starsze niż ich przeplatanie): dryf między nimi (zegar, temperatura) jest częścią każdego stosunku.
precision.find.text = @@DEV@@@@TEXT@@
precision.find.nosteady = Żaden rozmiar nie ma jądra zmierzonego stabilnie w obu precyzjach, więc fp32 i fp64 nie porównano pod względem czasu.
precision.find.time = Dla $n = @@N@@$ czas jądra w fp64 przez czas w fp32 (estymator Hodgesa--Lehmanna; każdy 95-procentowy przedział w granicach @@CI@@ od niego) jest @@LIST@@.@@APART@@
precision.find.g.longer = dłuższy w fp64 ponad próg praktyczny dla @@LIST@@
precision.find.g.shorter = krótszy w fp64 ponad próg praktyczny dla @@LIST@@
precision.find.g.ns = bez istotnej różnicy dla @@LIST@@
precision.find.g.untested = nietestowany (brak surowych próbek, zakresy się nakładają) dla @@LIST@@
precision.find.apart = W tej bazie oba mierzono jedno po drugim, nie naprzemiennie (jej sesje są starsze niż przeplatanie), więc dryf zegara lub temperatury między nimi jest częścią każdego stosunku.
precision.find.why = Dlaczego: szczyty rdzeni CUDA FP32 i FP64 mają się jak @@R@@ : 1 (@@P32@@ i @@P64@@~GFLOP/s), a double ma dwa razy więcej bajtów niż float, więc własne jądro ograniczone arytmetyką powinno w fp64 trwać około @@R@@ razy dłużej, a ograniczone ruchem pamięci około 2 razy@@SAME@@. Wobec stosunku szczytów, przy czym w granicach @@TOL@@ znaczy blisko: @@LIST@@.@@OPEN@@
precision.find.same2 = ; tu obie prognozy się pokrywają, więc stosunek nie rozstrzyga, które ograniczenie dotyczy jądra
precision.find.cls.near = blisko niego @@LIST@@
precision.find.cls.below = poniżej @@LIST@@
precision.find.cls.above = powyżej @@LIST@@
precision.find.open = Ten zestaw mierzono bez liczników (bajty DRAM, wydane instrukcje), które byłyby potrzebne, by wyjaśnić, czemu jądro odbiega od obu prognoz.
precision.find.lib = DGEMM biblioteki (@@V@@) działa na rdzeniach tensorowych FP64, przy @@PCT@@\,\% ich szczytu (@@PEAK@@~GFLOP/s przy zapisanym zegarze), który jest dwa razy wyższy niż rdzeni CUDA FP64 i ma się do szczytu rdzeni CUDA FP32, na których działa jej SGEMM, jak 1 : @@RP@@: z tym stosunkiem, a nie z 2 : 1, należy porównywać jej czas w fp64 przez czas w fp32. Najszybsze własne jądro w fp64, @@O@@, osiąga @@SHARE@@\,\% jej wydajności.
precision.note_nopeak = --: szczyt FP64 tego urządzenia jest nieznany (mmreport nie zna liczby jednostek FP64 dla jego zdolności obliczeniowej).
precision.note_over = --: wydajność przekracza szczyt, którego byłaby udziałem; to wada tego szczytu (jego zegar lub liczba jednostek nie pasuje do urządzenia), nie wynik.
precision.find.acc = Dla $n = @@N@@$ średni błąd wynosi @@L32@@~$u$ w fp32 i @@L64@@~$u$ w fp64, największy @@M32@@ i @@M64@@~$u$, daleko w granicach najgorszego oszacowania $k u$ (każda z @@NB@@ konfiguracji najwyżej @@PCT@@ z niego).@@RATIO@@@@SAME@@
precision.find.acc_over = Dla $n = @@N@@$ średni błąd wynosi @@L32@@~$u$ w fp32 i @@L64@@~$u$ w fp64, największy @@M32@@ i @@M64@@~$u$; @@K@@ z @@NB@@ konfiguracji przekracza najgorsze oszacowanie $k u$, które zachodzi dla dowolnej kolejności sumowania w danej precyzji, więc nie liczono ich w niej w całości.@@RATIO@@@@SAME@@
precision.find.acc_ratio = Zatem średni błąd fp32 jest @@R@@ razy większy niż fp64, jak przewiduje stosunek jednostek zaokrąglenia, $2^{29} \approx \num{5.37e8}$: błąd wynika z precyzji, nie z jądra.
precision.find.acc_same = Każde jądro ma w każdej precyzji na każdym GPU te same błędy, największy i średni, do ostatniej zapisanej cyfry, jak jądra, które dodają $k$ iloczynów elementu w tej samej kolejności tymi samymi operacjami FMA: różnią się tylko szybkością.
precision.find.acc_not = Dla $n = @@N@@$ fp64 nie jest dokładniejsze niż fp32 dla @@LIST@@: jego średni błąd nie jest mniejszy.
precision.find.lim.devs = Czego te dane nie pokażą: pochodzą z @@N@@ GPU, zbyt mało, by powiedzieć, jak koszt fp64 zależy ogólnie od stosunku jednostek FP32 do FP64; błędy to jedna wartość na konfigurację, z jednego losowego wejścia każdej precyzji i próbki elementów $C$, więc żaden test nie popiera różnicy dwóch błędów, a wejścia jednego znaku lub o znoszących się sumach dają inne błędy.
precision.find.lim.one_dev = Czego te dane nie pokażą: pochodzą z jednego GPU, a koszt fp64 zależy od stosunku jednostek FP32 i FP64, różnego na różnych GPU; błędy to jedna wartość na konfigurację, z jednego losowego wejścia każdej precyzji i próbki elementów $C$, więc żaden test nie popiera różnicy dwóch błędów, a wejścia jednego znaku lub o znoszących się sumach dają inne błędy.
precision.takeaway = \textbf{Wniosek.} @@DEV@@@@TEXT@@
precision.take = Własne jądro trwa w fp64 @@R@@ razy dłużej, jak każą oczekiwać dwa razy mniej jednostek FP64 i dwa razy więcej bajtów; cuBLAS, którego DGEMM działa na rdzeniach tensorowych FP64, trwa @@RL@@ razy dłużej. W zamian fp64 jest około @@E@@ razy dokładniejsze, zgodnie ze stosunkiem jednostek zaokrąglenia.
precision.take_own = Własne jądro trwa w fp64 @@R@@ razy dłużej, jak każą oczekiwać dwa razy mniej jednostek FP64 i dwa razy więcej bajtów. W zamian fp64 jest około @@E@@ razy dokładniejsze, zgodnie ze stosunkiem jednostek zaokrąglenia.
prop.fp64_units_per_sm = Jednostki FP64 na multiprocesor
prop.peak_fp64 = Wydajność szczytowa FP64 [GFLOP/s]
device.note_fp64 = Wydajność szczytowa FP64: liczba SM $\times$ jednostki FP64 na SM $\times$ 2 $\times$ zegar.

# zestaw progression (zgłoszenie 14): od wersji sprawozdania P do SGEMM
# na poziomie biblioteki
intro.obj.progression = \emph{Od sprawozdania~P do cuBLAS}: jak blisko cuBLAS dochodzą kernele SGEMM po \texttt{v5}, każdy o jedną optymalizację dalej.
progression.title = Od sprawozdania~P do cuBLAS: ciąg kerneli SGEMM
progression.absent = Baza danych nie zawiera pomiarów zestawu progression.
progression.intro = Ten eksperyment prowadzi wersje ze sprawozdania~P dalej niż \texttt{v5}, w stronę SGEMM na poziomie biblioteki, w FP32 na rdzeniach CUDA (bez rdzeni tensorowych i TF32), względem SGEMM z cuBLAS: \texttt{v6} kafelkuje rejestry w jednym wymiarze, \texttt{v7} w dwóch, \texttt{v8} dodaje 128-bitowe odczyty i transponowany kafelek $A$, \texttt{v9} kafelkowanie warpów, \texttt{v10} podwójne buforowanie z cp.async, \texttt{v11} podwójnie buforowane fragmenty w rejestrach, \texttt{v12} rozdziela ostatnią falę (Stream-K), \texttt{v13} kopiuje oba kafelki przez cp.async, \texttt{v14} liczy kafelek $128 \times 256$, po $8 \times 16$ elementów na wątek, jeden blok na SM, przez trzyetapowy pierścień kopii z jedną barierą na krok. Każdy kernel pokazano przy najlepszym bloku lub kafelku (najpierw w stanie ustalonym) dla macierzy kwadratowych rozmiaru $n$, każdy rozmiar próbkowany na przemian; przebieg liczników mówi, dlaczego krok zyskuje.
progression.and = ~i~
progression.h_kernel = Kernel
progression.h_block = Blok
progression.h_speedup = $\times$~poprz.
progression.h_counters = Liczniki
progression.h_ffma = FFMA\,\%
progression.h_wpi = Fale/odcz.
progression.h_ldk = Odcz./kFLOP
progression.h_dram = DRAM MB
progression.h_regs = Rejestry
progression.h_occ = Obłoż.\,\%
progression.table = Kroki przy $n = @@N@@$: GFLOP/s (mediana z @@SAMPLES@@) i przyspieszenie względem poprzedniego kroku na każdym GPU oraz liczniki jednego profilowanego uruchomienia@@DEV@@.
progression.table_nocnt = Kroki przy $n = @@N@@$: GFLOP/s (mediana z @@SAMPLES@@) i przyspieszenie względem poprzedniego kroku na każdym GPU.
progression.table_note = Pogrubienie: najszybszy własny kernel. $\times$~poprz.: względem najbliższego wcześniejszego kroku (cuBLAS: względem najszybszego własnego kernela); \nsmark~brak istotnej różnicy. FFMA: udział w wykonanych instrukcjach; Fale/odcz.: fale pamięci współdzielonej na odczyt (1: bez konfliktu banków); Odcz./kFLOP: żądania odczytu globalnego na 1000 FLOP; DRAM: bajty odczytane i zapisane; Rejestry i Obłoż.: rejestry na wątek i obłożenie.
progression.table_note_nocnt = Pogrubienie: najszybszy własny kernel. $\times$~poprz.: względem najbliższego wcześniejszego kroku (cuBLAS: względem najszybszego własnego kernela); \nsmark~brak istotnej różnicy.
progression.regime_note = Oznaczony kernel nie uruchomił przy tym rozmiarze żadnego bloku w stanie ustalonym: pokazano jego najszybszy blok i nie podano udziału w szczycie.
progression.line_peak = Szczyt FP32
progression.axis_step = Krok
progression.figure = GFLOP/s każdego kroku@@DEV@@, jedna linia na rozmiar $n$, każdy kernel przy najlepszym bloku lub kafelku; cuBLAS osobnym znacznikiem na końcu, szczyt FP32 kropkowany (oś logarytmiczna).
progression.q.ffma = udział FFMA
progression.q.bank = fale na odczyt współdzielony
progression.q.loads = żądania odczytu na FLOP
progression.q.dram = bajty DRAM
progression.q.regs = rejestry
progression.q.occ = obłożenie
progression.find.text = @@DEV@@@@TEXT@@
progression.find.lib_item = $n = @@N@@$: @@V@@ przy @@PCT@@
progression.find.lib = Najszybszy własny kernel w procentach cuBLAS: @@LIST@@.
progression.find.goal.not = Najszybszy własny kernel w procentach cuBLAS: @@LIST@@. Cel postawiony progresji, @@GOAL@@\,\% cuBLAS przy $n$ = @@SIZES@@, nie został osiągnięty.
progression.find.goal.part = Najszybszy własny kernel w procentach cuBLAS: @@LIST@@. Cel postawiony progresji, @@GOAL@@\,\% cuBLAS przy $n$ = @@SIZES@@, jest spełniony tam, gdzie mierzono, ale nie zmierzono każdego rozmiaru celu.
progression.find.goal.reached = Najszybszy własny kernel w procentach cuBLAS: @@LIST@@. Cel postawiony progresji, @@GOAL@@\,\% cuBLAS przy $n$ = @@SIZES@@, został osiągnięty.
progression.find.peak = Przy $n = @@N@@$ @@V@@ osiąga @@A@@ szczytu FP32 (@@PK@@~GFLOP/s przy zarejestrowanym zegarze), cuBLAS @@C@@.
progression.find.peak_nolib = Przy $n = @@N@@$ @@V@@ osiąga @@A@@ szczytu FP32 (@@PK@@~GFLOP/s przy zarejestrowanym zegarze).
progression.find.peak_right = Przy @@AI@@~FLOP na bajt DRAM leży na prawo od grzbietu modelu roofline (@@RIDGE@@~FLOP/B): przepustowość DRAM go nie ogranicza.
progression.find.peak_left = Przy @@AI@@~FLOP na bajt DRAM leży na lewo od grzbietu modelu roofline (@@RIDGE@@~FLOP/B): ogranicza go przepustowość DRAM.
progression.find.peak_ffma = FFMA to @@S@@ jego wykonanych instrukcji (cuBLAS @@SC@@); podpartycja wydaje jedną instrukcję na cykl, więc już ten skład ogranicza go do około @@S@@ szczytu.
progression.find.peak_ffma_nolib = FFMA to @@S@@ jego wykonanych instrukcji; podpartycja wydaje jedną instrukcję na cykl, więc już ten skład ogranicza go do około @@S@@ szczytu.
progression.find.peak_occ = Jego @@R@@ rejestrów na wątek ogranicza obłożenie do @@O@@ (ograniczenie: @@L@@), mało warpów do ukrycia opóźnień.
progression.find.peak_stalls = To, co leży między tym ograniczeniem a osiągniętą szybkością, to czas oczekiwania warpów; przebieg liczników nie zapisuje przyczyn przestojów, które byłyby potrzebne, by powiedzieć, na co czekają.
progression.find.peak_step = Względem @@PREV@@ zyskuje @@E@@ raza GFLOP/s, a udział FFMA zmienił się z @@S0@@ na @@S@@ wykonanych instrukcji.
progression.find.peak_step_issue = Względem @@PREV@@ zyskuje @@E@@ raza GFLOP/s: udział FFMA zmienił się z @@S0@@ na @@S@@ wykonanych instrukcji, a wykorzystane sloty wydawania z @@I0@@ na @@I@@.
progression.find.peak_issue = Jego planiści wydają instrukcję w @@I@@ aktywnych cykli (cuBLAS @@IC@@); udział FFMA razy wykorzystane sloty wydawania, @@P@@ (cuBLAS @@PC@@), to w pierwszym przybliżeniu osiągnięty udział szczytu FP32: resztę szczytu zabierają instrukcje inne niż FFMA i sloty, których żaden warp nie był gotów wypełnić.
progression.find.peak_issue_nolib = Jego planiści wydają instrukcję w @@I@@ aktywnych cykli; udział FFMA razy wykorzystane sloty wydawania, @@P@@, to w pierwszym przybliżeniu osiągnięty udział szczytu FP32: resztę szczytu zabierają instrukcje inne niż FFMA i sloty, których żaden warp nie był gotów wypełnić.
progression.find.moved_item = @@Q@@ $\times$@@R@@
progression.find.moved_none = żaden licznik nie zmienił się o @@PCT@@\,\%
progression.find.big = Przy $n = @@N@@$ największy krok to @@V@@ względem @@PREV@@, @@E@@ razy GFLOP/s@@MOVED@@.
progression.find.steps = Pozostałe kroki przy $n = @@N@@$ jako GFLOP/s względem poprzedniego kroku (w nawiasie licznik, który zmienił się najbardziej, po względem przed): @@LIST@@.
progression.find.step_item = @@V@@ @@E@@@@MOVED@@
progression.find.step_slower = @@V@@ @@E@@, wolniej@@MOVED@@
progression.find.step_ns = @@V@@ @@E@@, brak istotnej różnicy@@MOVED@@
progression.find.step_untested = @@V@@ @@E@@, nie testowano@@MOVED@@
progression.find.verified_all = Wszystkie @@N@@ konfiguracje przeszły weryfikację.
progression.find.verified_some = Tylko @@K@@ z @@N@@ konfiguracji przeszło weryfikację; pozostałe wymieniono powyżej i nigdy nie są pokazywane jako szybkości.
progression.find.nonsteady = Przy $n$ = @@LIST@@ niektóre kernele nie uruchomiły żadnego bloku w stanie ustalonym (mniej bloków niż SM; oznaczone): tam pokazano najszybszy blok kernela.
progression.counters_none = Liczników sprzętowych nie mierzono (bez \texttt{-{}-counters}): żaden krok nie jest nimi wyjaśniony.
progression.counters_unavailable = Liczniki sprzętowe zamówiono, ale nie dało się ich odczytać (@@WHY@@): żaden krok nie jest nimi wyjaśniony.
progression.find.cnt_some = Przy $n = @@N@@$ nie zmierzono liczników dla @@LIST@@.
progression.takeaway = \textbf{Wniosek.} @@DEV@@@@TEXT@@
progression.take = Krok, który daje najwięcej, to @@V@@; najlepszy własny kernel, @@B@@, kończy na @@PCT@@ cuBLAS przy $n = @@N@@$.
progression.take_cnt = Jego skład instrukcji pozwoliłby na około @@S@@ szczytu FP32, a osiąga @@A@@: resztę stanowią opóźnienia, które rozłożyć mogłyby tylko liczniki przestojów.
progression.take_issue = Jego skład instrukcji pozwoliłby na około @@S@@ szczytu FP32, przy @@I@@ wykorzystanych slotów wydawania na około @@P@@, a osiąga @@A@@.

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
