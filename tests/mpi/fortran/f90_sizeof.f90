! MPI_SIZEOF of the mpi module: the byte size of one element, for scalars and arrays of any
! rank, of every intrinsic type and kind.
program sizeof
    use mpi
    implicit none
    integer :: ierr, sz, errs
    integer(kind=1) :: i1
    integer(kind=8) :: i8(3, 2)
    real :: r(4)
    double precision :: d
    complex :: c(2, 2, 2)
    complex(kind=8) :: z
    logical :: l
    character :: ch(5)

    errs = 0
    call MPI_Init(ierr)
    call MPI_Sizeof(i1, sz, ierr)
    if (sz /= 1 .or. ierr /= MPI_SUCCESS) errs = errs + 1
    call MPI_Sizeof(i8, sz, ierr)
    if (sz /= 8) errs = errs + 1
    call MPI_Sizeof(r, sz, ierr)
    if (sz /= 4) errs = errs + 1
    call MPI_Sizeof(d, sz, ierr)
    if (sz /= 8) errs = errs + 1
    call MPI_Sizeof(c, sz, ierr)
    if (sz /= 8) errs = errs + 1
    call MPI_Sizeof(z, sz, ierr)
    if (sz /= 16) errs = errs + 1
    call MPI_Sizeof(l, sz, ierr)
    if (sz /= 4) errs = errs + 1
    call MPI_Sizeof(ch, sz, ierr)
    if (sz /= 1) errs = errs + 1
    if (errs == 0) then
        print *, 'No Errors'
    else
        print *, 'Found', errs, ' errors'
    end if
    call MPI_Finalize(ierr)
end program sizeof
