! The `mpi` module of simmpi: the constants of mpif.h (built into mpi.mod by `make`), and the
! generic MPI_SIZEOF (MPI-3.1 section 17.1.9), which takes an argument of any intrinsic type,
! kind and rank: it is bound to a C function (smpi/fortran/fortran.c) that reads the element
! size from the argument's descriptor (Fortran 2018 section 18.5).
module mpi
    implicit none
    include 'mpif.h'

    interface MPI_SIZEOF
        subroutine smpi_sizeof(x, size, ierror) bind(C, name="smpi_fortran_sizeof")
            type(*), dimension(..), intent(in) :: x
            integer, intent(out) :: size, ierror
        end subroutine smpi_sizeof
    end interface MPI_SIZEOF
end module mpi
