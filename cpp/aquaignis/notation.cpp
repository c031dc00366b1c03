// AquaIgnis action notation. Flows are written 1..7 and positions 0..6 as in
// the seed: N3 (spawn in flow 3), C3.2 (charge), A3.2 (advance), S3.2
// (surge), B3.2 (barrier), J3.2-4.2 (side jump), pass.
#include <cctype>
#include <string>

#include "aquaignis/state.h"
#include "common/errors.h"

namespace triptych::aquaignis {

namespace {
std::string square(int flow, int pos) { return std::to_string(flow + 1) + "." + std::to_string(pos); }

const char* kExpected =
    "expected N<flow>, C/A/S/B<flow>.<pos>, J<flow>.<pos>-<flow>.<pos> or pass (flow 1..7, pos 0..6)";

[[noreturn]] void unreadable(const std::string& text) {
  throw IllegalActionError("cannot read '" + text + "' as an AquaIgnis action: " + kExpected);
}

// Reads "<flow>.<pos>" (or just "<flow>" when pos_wanted is false) at i.
void read_square(const std::string& s, std::size_t& i, int& flow, int& pos, bool pos_wanted,
                 const std::string& original) {
  auto digit = [&](int lo, int hi) {
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) unreadable(original);
    const int v = s[i++] - '0';
    if (v < lo || v > hi) unreadable(original);
    return v;
  };
  flow = digit(1, kFlows) - 1;
  if (!pos_wanted) return;
  if (i >= s.size() || (s[i] != '.' && s[i] != ',')) unreadable(original);
  ++i;
  pos = digit(0, kSlots - 1);
}
}  // namespace

std::string to_notation(const Action& a) {
  switch (a.type) {
    case ActionType::kSpawn: return "N" + std::to_string(a.flow + 1);
    case ActionType::kCharge: return "C" + square(a.flow, a.pos);
    case ActionType::kAdvance: return "A" + square(a.flow, a.pos);
    case ActionType::kSurge: return "S" + square(a.flow, a.pos);
    case ActionType::kBarrier: return "B" + square(a.flow, a.pos);
    case ActionType::kJump: return "J" + square(a.flow, a.pos) + "-" + square(a.to_flow, a.to_pos);
    case ActionType::kPass: return "pass";
  }
  return "?";
}

Action parse_notation(const std::string& text) {
  std::string s;
  for (char ch : text)
    if (!std::isspace(static_cast<unsigned char>(ch))) s += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (s == "pass") return Action{};
  // Long forms ("spawn 3", "charge 3.2", ...) read like the short ones.
  static const std::pair<const char*, char> kWords[] = {{"spawn", 'n'}, {"charge", 'c'}, {"advance", 'a'},
                                                        {"surge", 's'}, {"barrier", 'b'}, {"jump", 'j'}};
  for (const auto& [word, letter] : kWords)
    if (s.rfind(word, 0) == 0) s = std::string(1, letter) + s.substr(std::string(word).size());
  if (s.empty()) unreadable(text);

  Action a;
  std::size_t i = 1;
  int flow = 0, pos = 0;
  switch (s[0]) {
    case 'n': a.type = ActionType::kSpawn; break;
    case 'c': a.type = ActionType::kCharge; break;
    case 'a': a.type = ActionType::kAdvance; break;
    case 's': a.type = ActionType::kSurge; break;
    case 'b': a.type = ActionType::kBarrier; break;
    case 'j': a.type = ActionType::kJump; break;
    default: unreadable(text);
  }
  read_square(s, i, flow, pos, a.type != ActionType::kSpawn, text);
  a.flow = static_cast<std::int8_t>(flow);
  a.pos = static_cast<std::int8_t>(pos);
  if (a.type == ActionType::kJump) {
    if (i >= s.size() || (s[i] != '-' && s[i] != '>')) unreadable(text);
    ++i;
    read_square(s, i, flow, pos, true, text);
    a.to_flow = static_cast<std::int8_t>(flow);
    a.to_pos = static_cast<std::int8_t>(pos);
  }
  if (i != s.size()) unreadable(text);
  return a;
}

}  // namespace triptych::aquaignis
