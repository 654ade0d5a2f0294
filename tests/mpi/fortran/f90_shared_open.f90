! Every rank opens, for reading, the same file on a unit of its own while the others hold it
! open, as CloverLeaf does with its input deck (clover.in.tmp, written by rank 0): libgfortran is
! one copy in the process, yet each rank's OPEN must succeed and read the file (each rank is its
! own process under a real MPI).
program shared_open
    use mpi
    implicit none
    integer :: ierr, rank, ios, u, v, errs, allerrs
    logical :: opened

    errs = 0
    call MPI_Init(ierr)
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    if (rank == 0) then
        open (file='f90_shared_open.tmp', unit=20, status='replace', action='write')
        write (20, *) 4242
        close (20)
    end if
    call MPI_Barrier(MPI_COMM_WORLD, ierr)
    u = 30 + rank
    open (file='f90_shared_open.tmp', unit=u, status='old', action='read', iostat=ios)
    opened = ios == 0
    if (.not. opened) then
        print *, 'rank', rank, ': open failed, iostat', ios
        errs = errs + 1
    else
        read (u, *, iostat=ios) v
        if (ios /= 0 .or. v /= 4242) then
            print *, 'rank', rank, ': read', v, 'iostat', ios
            errs = errs + 1
        end if
    end if
    call MPI_Barrier(MPI_COMM_WORLD, ierr) ! every rank's unit is open here
    if (opened) close (u)
    call MPI_Reduce(errs, allerrs, 1, MPI_INTEGER, MPI_SUM, 0, MPI_COMM_WORLD, ierr)
    if (rank == 0) then
        open (file='f90_shared_open.tmp', unit=20, status='old')
        close (20, status='delete')
        if (allerrs == 0) then
            print *, 'No Errors'
        else
            print *, 'Found', allerrs, ' errors'
        end if
    end if
    call MPI_Finalize(ierr)
end program shared_open
