# quizbank: `make run` and `make test` work on a fresh Debian machine (they install what is
# missing); on macOS they print the Homebrew line instead.

SWIFT ?= swift
PREFIX ?= /usr/local
PYTHON ?= python3
BUILD_DIR := .build
OUT := out
BENCH_DIR := $(BUILD_DIR)/bench
BENCH_QUESTIONS ?= 100000
BENCH_RUNS ?= 5
# The whole OpenTriviaQA corpus in bank format, for `make corpus-test` and the bench banks
# (`make test` reads the sample vendored under Tests/Data/opentriviaqa).
CORPUS ?= ../shared/corpus/opentriviaqa
CORPUS_SAMPLE := Tests/Data/opentriviaqa
APT_PACKAGES := libyaml-dev libharfbuzz-dev libicu-dev fonts-inter pkg-config
# For the tests only: the completion scripts are run in each shell, the man page through man,
# the preview opened in headless Chromium.
TEST_APT_PACKAGES := bash zsh fish man-db groff-base chromium
PIP_PACKAGES := jsonschema pyyaml regex
# Release builds on Linux link the Swift runtime and Foundation statically: a command starts in
# half the time (7 ms against 14 ms here) and calls into the runtime skip the dynamic linker's
# indirection (docs/performance.md). macOS ships the runtime with the system.
RELEASE_FLAGS := $(if $(filter Linux,$(shell uname)),--static-swift-stdlib)

.PHONY: all deps test-deps build release run play test corpus-test quality-eval quality-floors bench bench-scale bench-recall install clean fuzz fuzz-build fuzz-smoke

all: build

deps:
	@if [ "$$(uname)" = "Darwin" ]; then \
	  pkg-config --exists yaml-0.1 harfbuzz icu-uc || { echo "Install libyaml, HarfBuzz and ICU first: brew install libyaml harfbuzz icu4c pkg-config;" \
	    "icu4c is keg-only, so also: export PKG_CONFIG_PATH=\"\$$(brew --prefix icu4c)/lib/pkgconfig:\$$PKG_CONFIG_PATH\""; exit 1; }; \
	else \
	  missing=""; \
	  for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	    $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  fi; \
	fi
	@$(PYTHON) -c "import jsonschema, yaml, regex" 2>/dev/null || $(PYTHON) -m pip install -q $(PIP_PACKAGES)

test-deps:
	@if [ "$$(uname)" != "Darwin" ]; then \
	  missing=""; \
	  for p in $(TEST_APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "Installing:$$missing"; \
	    SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	    $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS)

run: build
	$(BUILD_DIR)/debug/quizbank lint Banks/
	$(BUILD_DIR)/debug/quizbank compile Banks/ -o $(OUT)/
	@echo "Compiled: $$(ls $(OUT) | tr '\n' ' ')"
	$(BUILD_DIR)/debug/quizbank stats --layout --quality Banks/

# The example players (Examples/, built on QuizBankKit alone) on the compiled Banks/: the
# trivia game on the astronomy bank, then a driving-test exam. Answers are read from stdin, so
# `make play < answers` plays without a terminal; PLAY_EXAM_FLAGS="--demo --seed 3" takes the
# exam as a demo user, the same exam every time. compile copies the images beside the JSON.
PLAY_LANGUAGE ?= en
PLAY_EXAM_FLAGS ?=
play: build
	$(BUILD_DIR)/debug/quizbank compile Banks/ -o $(BUILD_DIR)/play
	-$(BUILD_DIR)/debug/quiz-trivia --language $(PLAY_LANGUAGE) $(BUILD_DIR)/play/astronomy.pt-BR.json
	-$(BUILD_DIR)/debug/quiz-exam $(PLAY_EXAM_FLAGS) $(BUILD_DIR)/play/driving-test.en.json

test: deps test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(PYTHON) Tests/architecture/test_check_architecture.py
	$(SWIFT) package dump-package > $(BUILD_DIR)/package.json && $(PYTHON) scripts/check_architecture.py $(BUILD_DIR)/package.json
	$(PYTHON) Tests/schema/validate.py banks Banks Templates
	rm -rf $(BUILD_DIR)/init-check && mkdir -p $(BUILD_DIR)/init-check && $(BUILD_DIR)/debug/quizbank init $(BUILD_DIR)/init-check > /dev/null
	$(PYTHON) Tests/schema/validate.py configs $$(find Banks -name .quizbank.yml) $(BUILD_DIR)/init-check/.quizbank.yml
	rm -rf $(BUILD_DIR)/schema-check && $(BUILD_DIR)/debug/quizbank compile Banks/ Templates/ -o $(BUILD_DIR)/schema-check
	$(PYTHON) Tests/schema/validate.py compiled $(BUILD_DIR)/schema-check
	$(PYTHON) Tests/schema/validate.py diff Tests/QuizVersionsTests/Golden/diff.json
	$(BUILD_DIR)/debug/quizbank lint --format sarif Banks/ Tests/schema/invalid-banks/ > $(BUILD_DIR)/lint.sarif; test $$? -le 1
	$(PYTHON) Tests/schema/validate_sarif.py Tests/QuizLintTests/Golden/lint.sarif $(BUILD_DIR)/lint.sarif
	$(PYTHON) Tests/stats/crosscheck.py $(BUILD_DIR)/debug/quizbank Banks $(CORPUS_SAMPLE)
	SWIFT=$(SWIFT) Tests/consumer/run.sh $(BUILD_DIR)/debug/quizbank
	rm -rf $(BUILD_DIR)/preview-check && $(PYTHON) Tests/preview/browser_check.py --quizbank $(BUILD_DIR)/debug/quizbank \
	  --out $(BUILD_DIR)/preview-check/site --screenshot $(BUILD_DIR)/preview-check/screenshot.png Banks
	$(MAKE) fuzz-smoke

# The tests that read OpenTriviaQA, over the whole corpus instead of the sample (QUIZBANK_CORPUS
# points them at it): the compile, round-trip and fix tests, and the stats cross-check.
corpus-test: deps
	@test -d $(CORPUS) || { echo "No corpus at $(CORPUS): make corpus-test CORPUS=DIR"; exit 2; }
	$(SWIFT) build --build-tests
	QUIZBANK_CORPUS=$(abspath $(CORPUS)) $(SWIFT) test --skip-build \
	  --filter 'CorpusCompileTests|RoundTripTests|safeFixesOverTheCorpusKeepTheirPromises|theWalkThroughTakesCorpusBanksToAGreenGate'
	$(PYTHON) Tests/stats/crosscheck.py $(BUILD_DIR)/debug/quizbank $(CORPUS)

# The quality rules measured on the labelled set under Tests/Data/quality (docs/quality-evaluation.md):
# precision, recall and F1 per rule and part beside a keyword baseline, and the ratchet against
# Tests/Data/quality/floors.tsv; quality-floors also rewrites the floors with the current figures.
# make quality-eval QUALITY_RULE=stem-clue   also lists that rule's misses and false alarms on the tune part
QUALITY_RULE ?=
quality-eval: deps
	$(SWIFT) build --build-tests
	QUALITY_RULE=$(QUALITY_RULE) $(SWIFT) test --skip-build --filter QualityEvaluationTests

quality-floors: deps
	$(SWIFT) build --build-tests
	QUALITY_FLOORS_OUT=$(abspath Tests/Data/quality/floors.tsv) $(SWIFT) test --skip-build --filter QualityEvaluationTests

# Fuzzing (docs/fuzzing.md): libFuzzer, through the package of its own under Fuzz/, built with
# ASan and coverage over every module. Seeds are read where they are (never copied): the
# example banks, the templates and the YAML test suite's inputs (vendored); what the fuzzer finds goes
# to $(FUZZ_DIR)/corpus, a crashing input to $(FUZZ_DIR)/crash-*.
YAML_SUITE ?= Tests/Data/yaml-test-suite
FUZZ_DIR := $(BUILD_DIR)/fuzz
FUZZ_BIN := Fuzz/.build/debug/QuizbankFuzz
FUZZ_TIME ?= 600
FUZZ_SMOKE_TIME ?= 30
FUZZ_ARGS ?=
FUZZ_RUN = $(FUZZ_BIN) -seed_inputs=@$(FUZZ_DIR)/seeds.txt -dict=Fuzz/quizbank.dict -max_len=16384 \
	-timeout=30 -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/

fuzz-build: deps
	@mkdir -p $(FUZZ_DIR)
	@echo "Building the fuzz target (log: $(FUZZ_DIR)/build.log)"
	@$(SWIFT) build --package-path Fuzz --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer \
	  -Xcc -fsanitize=fuzzer-no-link > $(FUZZ_DIR)/build.log 2>&1 || { grep -v "Cannot export local symbol" $(FUZZ_DIR)/build.log | tail -40; exit 1; }
	@{ find Banks Templates Fuzz/regressions -type f; [ ! -d $(YAML_SUITE) ] || find $(YAML_SUITE) -name in.yaml; } \
	  | sort | paste -s -d, - > $(FUZZ_DIR)/seeds.txt

# make fuzz                   10 minutes; the corpus it grows is kept for the next run
# make fuzz FUZZ_TIME=3600 FUZZ_ARGS=-jobs=2
fuzz: fuzz-build
	@mkdir -p $(FUZZ_DIR)/corpus
	$(FUZZ_RUN) -max_total_time=$(FUZZ_TIME) $(FUZZ_ARGS) $(FUZZ_DIR)/corpus

# A short run from the seeds alone (a fresh corpus, a fixed seed) for `make test`: fails on a
# crash, a trap or an input that takes more than 30 s.
fuzz-smoke: fuzz-build
	@rm -rf $(FUZZ_DIR)/smoke && mkdir -p $(FUZZ_DIR)/smoke
	$(FUZZ_RUN) -seed=1 -max_total_time=$(FUZZ_SMOKE_TIME) $(FUZZ_DIR)/smoke

BENCH_ARGS ?=
QUIZBANK ?= $(BUILD_DIR)/release/quizbank
# Near-duplicate search (near-duplicate-question): CPU time at each size; a doubling may cost
# at most NEARDUP_MAX_RATIO times (Benchmarks/NearDuplicates, `near-duplicates time`: the median
# over rounds that time every size once). Judged on banks of one makeup (`same-makeup-N.yaml`:
# every size holds as many reworded variants of each base question as the largest), so that the
# figure is the search's growth, not the data's; the bench banks, whose smaller ones are mostly
# the corpus as authored, are timed too, for information (docs/performance.md, "Near duplicates:
# rounds, and banks of one makeup").
NEARDUP_QUESTIONS ?= 50000 100000 200000
NEARDUP_MAX_RATIO ?= 2.3
NEARDUP_LARGEST := $(shell printf "%s\n" $(NEARDUP_QUESTIONS) | sort -n | tail -n 1)

# make bench                                        100k bank, compile + lint + lint-core + stats + measure, 5 runs
# make bench BENCH_QUESTIONS="50000 100000 200000"
# make bench BENCH_ARGS="--command stats-json='{quizbank} stats --format json {bank}'"
# measure-texts: measuring alone (every text of the bank at 12 sizes × 3 widths, from a file of
# the bank's texts written beforehand), beside the floor; see docs/layout.md#speed.
# make bench MEASURE_BASELINE=/path/to/other/quizbank   also measure-texts-baseline: the same with
# another build (say main's release binary), to compare a change to measuring in one run.
MEASURE_BASELINE ?=
MEASURE_TEXTS = measure --escapes --summary --size all --width 320,375,430 < $(abspath $(BENCH_DIR))/texts-$$n.txt
bench: release $(BENCH_DIR)/floor $(foreach n,$(sort $(BENCH_QUESTIONS) $(NEARDUP_QUESTIONS)),$(BENCH_DIR)/bank-$(n).yaml) \
       $(foreach n,$(NEARDUP_QUESTIONS),$(BENCH_DIR)/same-makeup-$(n).yaml) \
       $(foreach n,$(BENCH_QUESTIONS),$(BENCH_DIR)/texts-$(n).txt)
	@set -e; for n in $(BENCH_QUESTIONS); do \
	  $(PYTHON) Benchmarks/bench.py --quizbank $(QUIZBANK) --floor $(BENCH_DIR)/floor \
	    --bank $(BENCH_DIR)/bank-$$n.yaml --runs $(BENCH_RUNS) --case compile --case lint \
	    --command 'stats={quizbank} stats {bank}' \
	    --command "measure={quizbank} measure --size all --width 320,375,430 {bank}" \
	    --command "lint-core={quizbank} lint --config Benchmarks/core-rules.quizbank.yml {bank}" --ok lint-core=0,1 \
	    --command "measure-texts=sh -c '{quizbank} $(MEASURE_TEXTS)'" \
	    $(if $(MEASURE_BASELINE),--command "measure-texts-baseline=sh -c '$(abspath $(MEASURE_BASELINE)) $(MEASURE_TEXTS)'") \
	    --json $(BENCH_DIR)/results-$$n.json $(BENCH_ARGS); \
	done
	@echo "near-duplicate-question on the bench banks (for information: the share of variants grows with the size)"
	$(BUILD_DIR)/release/near-duplicates time --runs 5 --no-limit \
	  $(foreach n,$(NEARDUP_QUESTIONS),$(BENCH_DIR)/bank-$(n).yaml)
	@echo "near-duplicate-question on banks of one makeup (the scaling figure, at most $(NEARDUP_MAX_RATIO)x a doubling)"
	$(BUILD_DIR)/release/near-duplicates time --runs 5 --max-ratio $(NEARDUP_MAX_RATIO) \
	  $(foreach n,$(NEARDUP_QUESTIONS),$(BENCH_DIR)/same-makeup-$(n).yaml)

# make bench-scale: every command on a 1,000,000-question bank, once each (minutes), with time
# and peak memory as a multiple of the file size; then `lint` with all rules on the
# 100,000-question bank against the floor. Targets: every command's peak memory on the
# 1,000,000-question bank under SCALE_MAX_RSS times the file, and lint on the 100,000-question
# bank within LINT_MAX_RATIO times the floor; a missed target is printed as MISSED and makes
# the target fail, after both runs. The memory limit is not applied to the 100,000-question
# run: there fixed costs (fonts, tables, caches) outweigh the file, and its peak is printed only.
SCALE_QUESTIONS ?= 1000000
SCALE_RUNS ?= 1
SCALE_MAX_RSS ?= 4
LINT_QUESTIONS ?= 100000
LINT_MAX_RATIO ?= 6
bench-scale: release $(BENCH_DIR)/floor $(BENCH_DIR)/bank-$(SCALE_QUESTIONS).yaml $(BENCH_DIR)/bank-$(LINT_QUESTIONS).yaml
	@status=0; \
	$(PYTHON) Benchmarks/bench.py --quizbank $(QUIZBANK) --floor $(BENCH_DIR)/floor \
	  --bank $(BENCH_DIR)/bank-$(SCALE_QUESTIONS).yaml --runs $(SCALE_RUNS) --warmup 0 --timeout 0 \
	  --case lint --command 'lint-json={quizbank} lint --format json {bank}' --ok lint-json=0,1 \
	  --command 'lint-sarif={quizbank} lint --format sarif {bank}' --ok lint-sarif=0,1 --case compile \
	  --command 'stats={quizbank} stats {bank}' \
	  --command 'stats-layout-quality={quizbank} stats --layout --quality {bank}' \
	  --max-rss-over-bank $(SCALE_MAX_RSS) --json $(BENCH_DIR)/scale-$(SCALE_QUESTIONS).json || status=$$?; \
	$(PYTHON) Benchmarks/bench.py --quizbank $(QUIZBANK) --floor $(BENCH_DIR)/floor \
	  --bank $(BENCH_DIR)/bank-$(LINT_QUESTIONS).yaml --runs $(BENCH_RUNS) --case lint \
	  --max-ratio lint=$(LINT_MAX_RATIO) \
	  --json $(BENCH_DIR)/scale-lint-$(LINT_QUESTIONS).json || status=$$?; \
	exit $$status

# The scale bank is not parsed back with PyYAML (--check): that takes longer than the bench.
$(BENCH_DIR)/bank-$(SCALE_QUESTIONS).yaml:
	@mkdir -p $(@D)
	$(PYTHON) Benchmarks/make_bank.py --questions $(SCALE_QUESTIONS) --out $@

# Recall and precision of the near-duplicate search against brute force (numpy and scipy).
bench-recall: release
	@$(PYTHON) -c "import numpy, scipy, yaml" 2>/dev/null || $(PYTHON) -m pip install -q numpy scipy pyyaml
	$(PYTHON) Benchmarks/near_duplicates_recall.py --tool $(BUILD_DIR)/release/near-duplicates

$(BENCH_DIR)/floor: Benchmarks/floor.c
	@mkdir -p $(@D)
	cc -O2 Benchmarks/floor.c $$(pkg-config --cflags --libs yaml-0.1) -o $@

# Every text of a bank, one a line (untimed; measured by the measure-texts case).
.PRECIOUS: $(BENCH_DIR)/bank-%.yaml
$(BENCH_DIR)/texts-%.txt: $(BENCH_DIR)/bank-%.yaml | release
	$(QUIZBANK) measure --print-texts $< > $@.tmp && mv $@.tmp $@

# A bank is generated only when missing (no prerequisites on purpose; delete it to refresh).
$(BENCH_DIR)/bank-%.yaml:
	@mkdir -p $(@D)
	$(PYTHON) Benchmarks/make_bank.py --questions $* --out $@ --check

# The largest is the bench bank of that size, byte for byte: a hard link to it.
.PRECIOUS: $(BENCH_DIR)/same-makeup-%.yaml
$(BENCH_DIR)/same-makeup-%.yaml:
	@mkdir -p $(@D)
	$(PYTHON) Benchmarks/make_bank.py --questions $* --copies-of $(NEARDUP_LARGEST) --out $@ --check
$(BENCH_DIR)/same-makeup-$(NEARDUP_LARGEST).yaml: $(BENCH_DIR)/bank-$(NEARDUP_LARGEST).yaml
	ln -f $< $@

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BUILD_DIR)/release/quizbank $(DESTDIR)$(PREFIX)/bin/quizbank
	$(BUILD_DIR)/release/quizbank manpage > $(DESTDIR)$(PREFIX)/share/man/man1/quizbank.1
	$(BUILD_DIR)/release/quizbank completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/quizbank
	$(BUILD_DIR)/release/quizbank completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_quizbank
	$(BUILD_DIR)/release/quizbank completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/quizbank.fish

clean:
	rm -rf $(BUILD_DIR) $(OUT) .$(OUT).quizbank
