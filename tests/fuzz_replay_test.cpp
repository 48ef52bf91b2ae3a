// Replays the committed inputs of one fuzz target (fuzz/corpus/<target>/, its seeds, and
// fuzz/regressions/<target>/, every input that once made it fail) through the target itself, so
// that an ordinary build checks them all. A failed check aborts with the check on stderr.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs(const fs::path& dir) {
  std::vector<fs::path> files;
  if (fs::is_directory(dir))
    for (const fs::directory_entry& entry : fs::directory_iterator(dir))
      if (entry.is_regular_file()) files.push_back(entry.path());
  return files;
}

void replay(const fs::path& dir) {
  for (const fs::path& path : inputs(dir)) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
    std::fprintf(stderr, "replaying %s\n", path.c_str());
    EXPECT_EQ(
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
        0)
        << path;
  }
}

TEST(FuzzReplay, TheSeedCorpusPasses) {
  EXPECT_FALSE(inputs(FUZZ_CORPUS_DIR).empty()) << "no seed in " FUZZ_CORPUS_DIR;
  replay(FUZZ_CORPUS_DIR);
}

TEST(FuzzReplay, EveryInputThatOnceFailedPasses) {
  replay(FUZZ_REGRESSIONS_DIR);
}

}  // namespace
