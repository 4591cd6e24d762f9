# tourist: a release build, its installation with man pages and shell completions, and a Debian
# package. `make help` says what each target does.
#
#   make                              the release binary, stripped: .build/package/tourist
#   make install PREFIX=~/.local      (default /usr/local; DESTDIR is honoured)
#   make uninstall PREFIX=~/.local    removes exactly what install wrote
#   make deb                          .build/package/tourist_VERSION_amd64.deb
#   make check-package                the package checked as CI checks it (.ci/check-package)
#   make format                       the Swift sources laid out by swift-format (.swift-format)
#   make check-format                 fails naming each file swift-format would lay out otherwise

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# The Debian revision of the package (its version is tourist's: `tourist --version`).
DEB_REVISION ?= 1
# `make build` builds the tourist product; ALL_TARGETS=1 (CI) builds every target in release.
ALL_TARGETS ?=

# PREFIX=~/.local reaches make with its ~ unexpanded from shells that leave it (zsh, sh).
prefix = $(patsubst ~/%,$(HOME)/%,$(PREFIX))

release := .build/release
info := .build/make-info
package := .build/package
stage := $(package)/stage

# A release build that runs without the Swift toolchain (--static-swift-stdlib: the Swift runtime
# and Foundation are linked in) and holds no path of this machine: the sources are named relative
# to the repository in Swift's #filePath, in debug info and in C's __FILE__ (the prefix maps).
# -I $(info): where Sources/CBuildInfo finds the commit packaging/record-commit.sh writes there.
# No RUNPATH ($ORIGIN): the binary loads no library of its own from beside it. -z now: symbols are
# bound at start, so the relocations can be read-only (full RELRO, as Debian's hardening asks).
release_flags := -c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now \
	-Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. \
	-Xcc -ffile-prefix-map=$(CURDIR)=. \
	-Xcc -I$(CURDIR)/$(info)

# The commit's date, for the man pages and the package: the same tree gives the same files.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH

.PHONY: all build stage install uninstall deb check-package format check-format help

all: build

help:
	@echo "make                    release build: .build/package/tourist (stripped; debug info in tourist.debug)"
	@echo "make install            binary, man pages and completions into \$$DESTDIR\$$PREFIX (PREFIX=$(PREFIX))"
	@echo "make uninstall          removes what make install listed in \$$PREFIX/share/tourist/installed-files"
	@echo "make deb                .build/package/tourist_VERSION-$(DEB_REVISION)_amd64.deb"
	@echo "make check-package      builds the package, runs lintian and the unpacked binary (.ci/check-package)"
	@echo "make format             lays out the Swift sources with swift-format (140 columns, .swift-format)"
	@echo "make check-format       fails if swift-format would change any Swift source (CI runs it)"

# The binary is stripped, with its debug info kept beside it in tourist.debug (gdb finds it by the
# debug link); .comment and .note hold nothing tourist needs.
build:
	sh packaging/record-commit.sh $(info)/tourist-build-commit.h
	$(SWIFT) build $(release_flags) $(if $(ALL_TARGETS),,--product tourist)
	mkdir -p $(package)
	objcopy --only-keep-debug $(release)/tourist $(package)/tourist.debug
	objcopy --strip-all --remove-section=.comment --remove-section=.note \
		--add-gnu-debuglink=$(package)/tourist.debug $(release)/tourist $(package)/tourist

# generate-manual is swift-argument-parser's tool behind its generate-manual plugin, built alone
# (the plugin would build every product again in another configuration) and run on the binary.
# Under sudo, swift is usually not on PATH: then the files staged by an earlier make are used.
stage:
	@if ! command -v $(SWIFT) >/dev/null && [ -x $(stage)/bin/tourist ]; then \
		echo "$(SWIFT) is not on PATH: installing what the last make built ($(stage))"; \
	else \
		$(MAKE) --no-print-directory build && \
		$(SWIFT) build $(release_flags) --product generate-manual && \
		sh packaging/stage.sh $(package)/tourist $(release)/generate-manual $(stage) \
			"$$(date -u -d @$(SOURCE_DATE_EPOCH) +%F)"; \
	fi

install: stage
	sh packaging/install.sh install $(stage) "$(DESTDIR)" "$(prefix)"

uninstall:
	sh packaging/install.sh uninstall "$(DESTDIR)" "$(prefix)"

deb: stage
	sh packaging/deb.sh $(stage) $(package) $(DEB_REVISION)

check-package: deb
	bash .ci/check-package $(package)

# The layout of every Swift source: swift-format from the Swift toolchain, with .swift-format's
# settings (140 columns, 4 spaces, layout only: its lint rules are off).
swift_sources := Package.swift Sources Tests Providers Benchmarks Fuzz

format:
	$(SWIFT) format format --in-place --recursive --parallel $(swift_sources)

check-format:
	$(SWIFT) format lint --strict --recursive --parallel $(swift_sources)
