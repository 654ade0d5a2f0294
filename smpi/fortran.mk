# smpi/fortran.mk: the Fortran wrappers (smpif90, smpif77, smpiff, smpifort) and the `mpi`
# and `mpi_f08` modules, built when configure found gfortran (included by the top Makefile.am).
# The bindings themselves are C (smpi/fortran/*.c, in libsimmpi); `make fortran-gen` regenerates
# them, with include/mpif.h and include/mpi_f08.f90, from include/mpi.h.
smpi_fortran_wrappers = smpif90 smpif77 smpiff smpifort
EXTRA_DIST += smpi/smpif90.in smpi/smpif77.in smpi/smpiff.in smpi/smpifort.in include/mpi.f90 \
	include/mpi_f08.f90 smpi/fortran/gen-fortran.py smpi/fortran/gen-f08.py \
	smpi/fortran/gen_f08_large.py
include_HEADERS += include/mpif.h

fortran-gen:
	cd $(srcdir) && python3 smpi/fortran/gen-fortran.py && python3 smpi/fortran/gen-f08.py && \
	  $(CLANG_FORMAT) -i smpi/fortran/fortran_bindings.c smpi/fortran/fortran_handles.c \
	    smpi/fortran/fortran_f08_bindings.c smpi/fortran/fortran_f08_large.c
.PHONY: fortran-gen

if HAVE_GFORTRAN
noinst_SCRIPTS += smpi/smpif90 smpi/smpif77 smpi/smpiff smpi/smpifort fortran/mpi.mod \
	fortran/mpi_f08.mod
CLEANFILES += smpi/smpif90 smpi/smpif77 smpi/smpiff smpi/smpifort fortran/mpi.mod fortran/mpi.o \
	fortran/mpi_f08.mod fortran/mpi_f08.o \
	smpi/smpif90.inst smpi/smpif77.inst smpi/smpiff.inst smpi/smpifort.inst

fortran/mpi.mod: $(srcdir)/include/mpi.f90 $(srcdir)/include/mpif.h
	$(AM_V_GEN)$(MKDIR_P) fortran && $(GFORTRAN) -I$(srcdir)/include -Jfortran -c \
	  $(srcdir)/include/mpi.f90 -o fortran/mpi.o && touch $@
# mpi_f08 holds interfaces, types and constants only: programs need its .mod, not its object.
fortran/mpi_f08.mod: $(srcdir)/include/mpi_f08.f90
	$(AM_V_GEN)$(MKDIR_P) fortran && $(GFORTRAN) -Jfortran -c $(srcdir)/include/mpi_f08.f90 \
	  -o fortran/mpi_f08.o && touch $@

smpi_fortran_subst = -e "s|[@]FC[@]|$(GFORTRAN)|g" -e "s|[@]FMODDIR[@]|$$moddir|g" \
	-e "s|[@]SMPI_FCFLAGS[@]|$(SMPI_FCFLAGS)|g" \
	-e "s|[@]SMPIF90[@]|$$smpif90|g"
# $(smpi_fgen_intree) IN, $(smpi_fgen_install) IN: smpi_gen_intree and smpi_gen_install
# (smpi/wrappers.mk) with the Fortran compiler and the folder of the mpi module.
smpi_fgen_intree = moddir='$(abs_top_builddir)/fortran'; \
	smpif90='$(abs_top_builddir)/smpi/smpif90'; $(smpi_gen_intree) $(smpi_fortran_subst)
smpi_fgen_install = moddir='$(includedir)'; smpif90='$(bindir)/smpif90'; \
	$(smpi_gen_install) $(smpi_fortran_subst)
smpi/smpif90: $(srcdir)/smpi/smpif90.in Makefile
	$(AM_V_GEN)$(smpi_fgen_intree) $(srcdir)/smpi/smpif90.in $(smpi_gen_finish)
smpi/smpif90.inst: $(srcdir)/smpi/smpif90.in Makefile
	$(AM_V_GEN)$(smpi_fgen_install) $(srcdir)/smpi/smpif90.in $(smpi_gen_finish)
smpi/smpif77: $(srcdir)/smpi/smpif77.in Makefile
	$(AM_V_GEN)$(smpi_fgen_intree) $(srcdir)/smpi/smpif77.in $(smpi_gen_finish)
smpi/smpif77.inst: $(srcdir)/smpi/smpif77.in Makefile
	$(AM_V_GEN)$(smpi_fgen_install) $(srcdir)/smpi/smpif77.in $(smpi_gen_finish)
smpi/smpiff: $(srcdir)/smpi/smpiff.in Makefile
	$(AM_V_GEN)$(smpi_fgen_intree) $(srcdir)/smpi/smpiff.in $(smpi_gen_finish)
smpi/smpiff.inst: $(srcdir)/smpi/smpiff.in Makefile
	$(AM_V_GEN)$(smpi_fgen_install) $(srcdir)/smpi/smpiff.in $(smpi_gen_finish)
smpi/smpifort: $(srcdir)/smpi/smpifort.in Makefile
	$(AM_V_GEN)$(smpi_fgen_intree) $(srcdir)/smpi/smpifort.in $(smpi_gen_finish)
smpi/smpifort.inst: $(srcdir)/smpi/smpifort.in Makefile
	$(AM_V_GEN)$(smpi_fgen_install) $(srcdir)/smpi/smpifort.in $(smpi_gen_finish)

install-exec-hook: smpi/smpif90.inst smpi/smpif77.inst smpi/smpiff.inst smpi/smpifort.inst \
	fortran/mpi.mod fortran/mpi_f08.mod
	$(MKDIR_P) '$(DESTDIR)$(bindir)' '$(DESTDIR)$(includedir)'
	for f in $(smpi_fortran_wrappers); do \
	  $(INSTALL_SCRIPT) smpi/$$f.inst '$(DESTDIR)$(bindir)'/$$f || exit 1; \
	done
	$(INSTALL_DATA) fortran/mpi.mod '$(DESTDIR)$(includedir)'/mpi.mod
	$(INSTALL_DATA) fortran/mpi_f08.mod '$(DESTDIR)$(includedir)'/mpi_f08.mod

uninstall-hook:
	for f in $(smpi_fortran_wrappers); do rm -f '$(DESTDIR)$(bindir)'/$$f; done
	rm -f '$(DESTDIR)$(includedir)'/mpi.mod '$(DESTDIR)$(includedir)'/mpi_f08.mod
endif
