// --propagator FILE[:ARGS]: a propagator from a shared library (dlx/plugin.hpp), loaded with
// dlopen.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "dlx/plugin.hpp"

namespace dlx_app {

// A library that cannot be loaded, or that does not make a propagator; the message names it.
struct PluginError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A loaded propagator library, with the arguments it was given.
class Plugin {
 public:
  // Loads FILE of "FILE[:ARGS]" (split at the first ':'); throws PluginError.
  explicit Plugin(const std::string& spec);
  ~Plugin();
  Plugin(const Plugin&) = delete;
  Plugin& operator=(const Plugin&) = delete;

  struct Destroy {
    dlx::PluginDestroy destroy;
    void operator()(dlx::Propagator* p) const { destroy(p); }
  };
  using Made = std::unique_ptr<dlx::Propagator, Destroy>;
  // The propagator of a problem; throws PluginError with the library's message when it refuses.
  Made make(const dlx::Matrix& matrix) const;

 private:
  std::string file_, args_;
  void* handle_ = nullptr;
  dlx::PluginMake make_ = nullptr;
  dlx::PluginDestroy destroy_ = nullptr;
};

}  // namespace dlx_app
