// dlx --mpi: one search over the processes of an MPI job. Rank 0 reads the problem, sends its
// text to every rank, splits the search into prefixes and keeps the books (a dlx::Ledger); the
// other ranks search the prefixes they are handed and send back counts, the solutions when they
// are printed, and the rest of a search rank 0 asked them to cut because a rank was idle.
#pragma once

#include <string>
#include <vector>

#include "dlx/cost.hpp"
#include "dlx/matrix.hpp"
#include "dlx/parallel.hpp"
#include "dlx/split.hpp"

namespace dlx_mpi {

// Starts MPI (MPI_Init); returns this process's rank.
int start(int* argc, char*** argv);
// Ends MPI (MPI_Finalize), on rank 0 first telling workers still waiting for work to stop.
void finish();
// Ends every process of the job at once with this status (MPI_Abort), after an unexpected error.
void abort(int status);
// The number of processes of the job.
int size();
// Rank 0's text, on every rank; `ok` false (on rank 0) tells every rank to give up instead.
bool broadcast(std::string& text, bool ok);
// Rank 0: searches the prefixes on the other ranks, with the options of search_parallel
// (threads, cut_on_demand and check_every aside), handing solutions to `visit` in search order.
dlx::Result coordinate(std::vector<dlx::Subproblem> prefixes, const dlx::ParallelOptions& options,
                       const dlx::Visitor& visit);
// The other ranks: search what rank 0 hands out until it says stop; `keep`: send the solutions.
void serve(const dlx::Matrix& matrix, bool keep, std::uint64_t check_every,
           const dlx::Propagation& propagation, dlx::Engine engine);

// Rank 0 of dlx --mpi --best K: hands the prefixes of the cost search to the other ranks, keeps
// the K best solutions they find in one list, handing each it keeps to `visit`, and sends every
// rank the cutoff each time it falls, so that all prune with the best bound known anywhere.
// `depth`: the levels of the split (0: the shallowest with 16 prefixes a worker).
dlx::BestResult coordinate_best(const dlx::Matrix& matrix, std::size_t k,
                                std::uint64_t solution_limit, const std::atomic<bool>* stop,
                                const dlx::CostVisitor& visit, std::uint32_t depth = 0);
// The other ranks of dlx --mpi --best K: search the prefixes handed out until rank 0 says stop.
void serve_best(const dlx::Matrix& matrix, std::size_t k);

}  // namespace dlx_mpi
