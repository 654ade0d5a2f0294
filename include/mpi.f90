! The `mpi` module of simmpi: the constants of mpif.h (built into mpi.mod by `make`).
module mpi
    implicit none
    include 'mpif.h'
end module mpi
