# smpi/wrappers.mk: the compiler and launcher wrappers (included by the top Makefile.am).
#
# Two variants of every script are generated from its .in file with sed:
#  - in the build tree, smpi/smpicc, smpi/smpicxx, smpi/smpirun and smpi/smpitest, built by
#    `make all` and used by `make check` and `make demo` without installing: they point at
#    include/ in the source tree, smpi/.libs/libsimmpi.so and the libtool wrapper smpi/smpimain
#    (smpirun runs the program behind it, smpi/.libs/smpimain, itself);
#  - at install time, smpi/*.inst, pointing at $(includedir), $(libdir) and
#    $(pkglibexecdir)/smpimain, installed as $(bindir)/smpicc, smpicxx, smpirun and smpitest.
#
# Placeholders, each between two @ (written [@] in the sed expressions so that configure does
# not substitute them in this file): CC CXX CXX_NO_GNU_UNIQUE VERSION INCLUDEDIR LIBDIR
# (smpicc.in), SMPICC (smpicxx.in), SMPIMAIN SMPI_LIBTOOL SMPIMAIN_REAL SMPI_LIBDIR
# (smpirun.in; SMPI_LIBTOOL and SMPIMAIN_REAL empty when installed), SMPICC_PATH SMPIRUN_PATH
# (smpitest.in, smpitesh.in), SMPITESH_LIB (smpitesh.in: where smpitesh_cmake.py is,
# smpitest.in: where smpitest_mpich.sh is; the source tree's smpi/ or $(pkgdatadir)).

smpi_wrapper_names = smpicc smpicxx smpirun smpitest smpitesh

noinst_SCRIPTS = smpi/smpicc smpi/smpicxx smpi/smpirun smpi/smpitest smpi/smpitesh
EXTRA_DIST += smpi/smpicc.in smpi/smpicxx.in smpi/smpirun.in smpi/smpitest.in smpi/smpitesh.in
CLEANFILES += smpi/smpicc smpi/smpicxx smpi/smpirun smpi/smpitest smpi/smpitesh \
	smpi/smpicc.inst smpi/smpicxx.inst smpi/smpirun.inst smpi/smpitest.inst smpi/smpitesh.inst \
	smpi/smpicc.tmp smpi/smpicxx.tmp smpi/smpirun.tmp smpi/smpitest.tmp smpi/smpitesh.tmp \
	smpi/smpicc.inst.tmp smpi/smpicxx.inst.tmp smpi/smpirun.inst.tmp smpi/smpitest.inst.tmp \
	smpi/smpitesh.inst.tmp

# Shell fragments run by the rules below. configure does not look for a C++ compiler: the one
# of $(CXX) if set, else c++. g++ puts the static locals of inline functions in STB_GNU_UNIQUE
# symbols, which the dynamic linker shares between all the per-rank copies of a program;
# -fno-gnu-unique keeps them private, so smpicxx passes it when the compiler accepts it.
smpi_cxx_setup = cxx='$(CXX)'; test -n "$$cxx" || cxx=c++; nounique=; \
	if echo 'inline int f() { static int x; return ++x; } int g() { return f(); }' | \
	  $$cxx -Werror -fno-gnu-unique -x c++ -c -o /dev/null - >/dev/null 2>&1; then \
	  nounique=-fno-gnu-unique; fi

smpi_intree_vars = incdir='$(abs_top_srcdir)/include'; libdir='$(abs_top_builddir)/smpi/.libs'; \
	teshlib='$(abs_top_srcdir)/smpi'; \
	smpimain='$(abs_top_builddir)/smpi/smpimain'; libtool='$(abs_top_builddir)/libtool'; \
	smpimain_real='$(abs_top_builddir)/smpi/.libs/smpimain'; \
	smpicc='$(abs_top_builddir)/smpi/smpicc'; smpirun='$(abs_top_builddir)/smpi/smpirun'

smpi_install_vars = incdir='$(includedir)'; libdir='$(libdir)'; teshlib='$(pkgdatadir)'; \
	smpimain='$(pkglibexecdir)/smpimain'; libtool=; smpimain_real=; \
	smpicc='$(bindir)/smpicc'; smpirun='$(bindir)/smpirun'

smpi_subst = $(SED) \
	-e "s|[@]CC[@]|$(CC)|g" \
	-e "s|[@]CXX[@]|$$cxx|g" \
	-e "s|[@]CXX_NO_GNU_UNIQUE[@]|$$nounique|g" \
	-e "s|[@]VERSION[@]|$(PACKAGE_VERSION)|g" \
	-e "s|[@]INCLUDEDIR[@]|$$incdir|g" \
	-e "s|[@]LIBDIR[@]|$$libdir|g" \
	-e "s|[@]SMPIMAIN[@]|$$smpimain|g" \
	-e "s|[@]SMPI_LIBTOOL[@]|$$libtool|g" \
	-e "s|[@]SMPIMAIN_REAL[@]|$$smpimain_real|g" \
	-e "s|[@]SMPI_LIBDIR[@]|$$libdir|g" \
	-e "s|[@]SMPICC_PATH[@]|$$smpicc|g" \
	-e "s|[@]SMPIRUN_PATH[@]|$$smpirun|g" \
	-e "s|[@]SMPICC[@]|$$smpicc|g" \
	-e "s|[@]SMPITESH_LIB[@]|$$teshlib|g"

# $(smpi_gen_intree) IN: writes $@ from IN with the build-tree paths, executable.
smpi_gen_intree = $(MKDIR_P) smpi && rm -f $@ $@.tmp && $(smpi_cxx_setup); \
	$(smpi_intree_vars); $(smpi_subst)
smpi_gen_install = $(MKDIR_P) smpi && rm -f $@ $@.tmp && $(smpi_cxx_setup); \
	$(smpi_install_vars); $(smpi_subst)
smpi_gen_finish = >$@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

smpi/smpicc: $(srcdir)/smpi/smpicc.in Makefile
	$(AM_V_GEN)$(smpi_gen_intree) $(srcdir)/smpi/smpicc.in $(smpi_gen_finish)
smpi/smpicxx: $(srcdir)/smpi/smpicxx.in Makefile
	$(AM_V_GEN)$(smpi_gen_intree) $(srcdir)/smpi/smpicxx.in $(smpi_gen_finish)
smpi/smpirun: $(srcdir)/smpi/smpirun.in Makefile
	$(AM_V_GEN)$(smpi_gen_intree) $(srcdir)/smpi/smpirun.in $(smpi_gen_finish)
smpi/smpitest: $(srcdir)/smpi/smpitest.in Makefile
	$(AM_V_GEN)$(smpi_gen_intree) $(srcdir)/smpi/smpitest.in $(smpi_gen_finish)
# smpitesh's CMake reader, a Python module beside its data.
dist_pkgdata_DATA = smpi/smpitesh_cmake.py smpi/smpitest_mpich.sh

smpi/smpitesh: $(srcdir)/smpi/smpitesh.in Makefile
	$(AM_V_GEN)$(smpi_gen_intree) $(srcdir)/smpi/smpitesh.in $(smpi_gen_finish)

smpi/smpicc.inst: $(srcdir)/smpi/smpicc.in Makefile
	$(AM_V_GEN)$(smpi_gen_install) $(srcdir)/smpi/smpicc.in $(smpi_gen_finish)
smpi/smpicxx.inst: $(srcdir)/smpi/smpicxx.in Makefile
	$(AM_V_GEN)$(smpi_gen_install) $(srcdir)/smpi/smpicxx.in $(smpi_gen_finish)
smpi/smpirun.inst: $(srcdir)/smpi/smpirun.in Makefile
	$(AM_V_GEN)$(smpi_gen_install) $(srcdir)/smpi/smpirun.in $(smpi_gen_finish)
smpi/smpitest.inst: $(srcdir)/smpi/smpitest.in Makefile
	$(AM_V_GEN)$(smpi_gen_install) $(srcdir)/smpi/smpitest.in $(smpi_gen_finish)
smpi/smpitesh.inst: $(srcdir)/smpi/smpitesh.in Makefile
	$(AM_V_GEN)$(smpi_gen_install) $(srcdir)/smpi/smpitesh.in $(smpi_gen_finish)

install-exec-local: smpi/smpicc.inst smpi/smpicxx.inst smpi/smpirun.inst smpi/smpitest.inst \
		smpi/smpitesh.inst
	$(MKDIR_P) '$(DESTDIR)$(bindir)'
	for f in $(smpi_wrapper_names); do \
	  $(INSTALL_SCRIPT) smpi/$$f.inst '$(DESTDIR)$(bindir)'/$$f || exit 1; \
	done

uninstall-local:
	for f in $(smpi_wrapper_names); do rm -f '$(DESTDIR)$(bindir)'/$$f; done
