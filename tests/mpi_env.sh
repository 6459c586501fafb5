# mpi_env.sh: sourced by the MPI tests. OpenMPI as root on this host only, its
# shared-memory segments and session folders in the test's own folder $t (a
# killed run leaves them behind, and they must go with the rest), and mpi N
# ARGS... running flowbench ($fb) on N ranks.
mkdir -p "$t/shm"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_plm_rsh_agent= \
    OMPI_MCA_btl_vader_backing_directory="$t/shm" OMPI_MCA_orte_tmpdir_base="$t/shm"
fail=0
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
mpi() { local n=$1; shift; timeout 60 mpirun --oversubscribe --allow-run-as-root -np "$n" "$fb" "$@"; }
json_serve # json FILE EXPR (lib.sh): EXPR over r, the last run of the JSON document FILE
