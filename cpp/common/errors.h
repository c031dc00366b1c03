// The two errors every game raises. The bindings map them to
// triptych.IllegalActionError and triptych.InvalidStateError (both ValueError).
#pragma once

#include <stdexcept>
#include <string>

namespace triptych {

// An action that is malformed or not legal in the current position.
// Raised before anything changes, so the state is left exactly as it was.
class IllegalActionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A position description (a saved game) that cannot exist; the message
// starts with the offending field, e.g. "pieces[3].charge: ...".
class InvalidStateError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace triptych
