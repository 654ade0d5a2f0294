! Attributes across languages (MPI-3.1 section 17.2.7): a value set in Fortran is read by C
! through a pointer to it, a value set in C is read by Fortran as its address, with keyvals of
! either language; copies by MPI_COMM_DUP_FN of both languages keep the Fortran integer.
program f90_attrlang
    use mpi
    implicit none
    integer :: ierr, errs, fkey, ckey, f1key, dup, ival
    integer(kind=MPI_ADDRESS_KIND) :: val, extra, got, addr
    logical :: flag

    errs = 0
    call MPI_INIT(ierr)
    extra = 0
    call MPI_COMM_CREATE_KEYVAL(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, fkey, extra, ierr)
    call MPI_KEYVAL_CREATE(MPI_DUP_FN, MPI_NULL_DELETE_FN, f1key, 0, ierr)
    call ckeyval(ckey)

    ! Fortran sets, C reads a pointer to the integer; Fortran reads the integer back
    val = 5555
    call MPI_COMM_SET_ATTR(MPI_COMM_WORLD, fkey, val, ierr)
    call cread_aint(MPI_COMM_WORLD, fkey, val, errs)
    call MPI_COMM_GET_ATTR(MPI_COMM_WORLD, fkey, got, flag, ierr)
    if (.not. flag .or. got /= 5555) then
        print *, 'Fortran read of a Fortran value:', flag, got
        errs = errs + 1
    end if

    ! MPI-1 INTEGER set, C reads a pointer to an int, Fortran (MPI-2) reads it
    call MPI_ATTR_PUT(MPI_COMM_WORLD, f1key, -42, ierr)
    call cread_int(MPI_COMM_WORLD, f1key, -42, errs)
    call MPI_COMM_GET_ATTR(MPI_COMM_WORLD, f1key, got, flag, ierr)
    if (.not. flag .or. got /= -42) then
        print *, 'MPI-2 read of an MPI-1 value:', flag, got
        errs = errs + 1
    end if

    ! C sets a pointer, Fortran reads the address
    call cset(MPI_COMM_WORLD, ckey, addr)
    call MPI_COMM_GET_ATTR(MPI_COMM_WORLD, ckey, got, flag, ierr)
    if (.not. flag .or. got /= addr) then
        print *, 'Fortran read of a C value: not its address'
        errs = errs + 1
    end if

    ! a Fortran value under a C keyval: the C copy keeps the integer
    val = 1234
    call MPI_COMM_SET_ATTR(MPI_COMM_WORLD, ckey, val, ierr)
    call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
    call cread_aint(dup, ckey, val, errs)
    call cread_aint(dup, fkey, int(5555, MPI_ADDRESS_KIND), errs)
    call MPI_ATTR_GET(dup, f1key, ival, flag, ierr)
    if (.not. flag .or. ival /= -42) then
        print *, 'MPI-1 read of a copied MPI-1 value:', flag, ival
        errs = errs + 1
    end if
    call MPI_COMM_FREE(dup, ierr)

    ! the predefined attributes stay values for Fortran
    call MPI_COMM_GET_ATTR(MPI_COMM_WORLD, MPI_TAG_UB, got, flag, ierr)
    if (.not. flag .or. got < 32767) then
        print *, 'MPI_TAG_UB:', flag, got
        errs = errs + 1
    end if
    call MPI_COMM_FREE_KEYVAL(fkey, ierr)
    call MPI_COMM_FREE_KEYVAL(ckey, ierr)
    call MPI_KEYVAL_FREE(f1key, ierr)
    if (errs == 0) print *, 'No Errors'
    call MPI_FINALIZE(ierr)
end program f90_attrlang
