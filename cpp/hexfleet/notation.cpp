// Canonical notation. Coordinates are axial "q,r":
//   M 0,0>1,-1        move the top tile at 0,0 to 1,-1
//   P frigate@1,0     spawn a Frigate face-up;  P shield@1,0  a dedicated Shield
//   P ~frigate@1,0    spawn a Frigate face-down (as a Shield)
//   Y@-1,0            the Core spawns a Shipyard
//   D 0,1>1,1         Destroyer at 0,1 destroys the tile at 1,1
//   R 0,1>1,1         Repulsor at 0,1 pushes the ship at 1,1
#include <cctype>

#include "common/errors.h"
#include "hexfleet/state.h"

namespace triptych::hexfleet {

namespace {
std::string hex_text(Hex h) { return std::to_string(h.q) + "," + std::to_string(h.r); }

class Reader {
 public:
  explicit Reader(const std::string& text) : text_(text) {}
  [[noreturn]] void fail(const std::string& why) const {
    throw IllegalActionError("cannot read action '" + text_ + "': " + why);
  }
  void skip_spaces() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(char c) {
    skip_spaces();
    if (pos_ < text_.size() && std::tolower(static_cast<unsigned char>(text_[pos_])) == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }
  int integer() {
    skip_spaces();
    const std::size_t start = pos_;
    if (pos_ < text_.size() && (text_[pos_] == '-' || text_[pos_] == '+')) {
      ++pos_;
      if (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) fail("whitespace inside a number");
    }
    const std::size_t digits = pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    if (pos_ == digits || pos_ - digits > 7) fail("expected a coordinate");
    refuse_split_token(true, "a number");
    return std::stoi(text_.substr(start, pos_ - start));
  }
  Hex hex() {
    Hex h;
    h.q = integer();
    expect(',');
    h.r = integer();
    return h;
  }
  std::string word() {
    skip_spaces();
    std::string w;
    while (pos_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[pos_])))
      w += static_cast<char>(std::tolower(static_cast<unsigned char>(text_[pos_++])));
    refuse_split_token(false, "a unit name");
    return w;
  }
  // Whitespace of any kind separates tokens and is otherwise ignored; inside
  // a number or a name it is refused, never glued ("1 0" is not 10).
  void refuse_split_token(bool digits, const char* what) {
    std::size_t p = pos_;
    while (p < text_.size() && std::isspace(static_cast<unsigned char>(text_[p]))) ++p;
    if (p == pos_ || p == text_.size()) return;
    const unsigned char next = static_cast<unsigned char>(text_[p]);
    if (digits ? std::isdigit(next) != 0 : std::isalpha(next) != 0)
      fail(std::string("whitespace inside ") + what);
  }
  void end() {
    skip_spaces();
    if (pos_ != text_.size()) fail("unexpected text after the action");
  }

 private:
  const std::string& text_;
  std::size_t pos_ = 0;
};
}  // namespace

std::string to_notation(const Action& a) {
  switch (a.type) {
    case ActionType::kMove: return "M " + hex_text(a.from) + ">" + hex_text(a.to);
    case ActionType::kSpawn:
      return std::string("P ") + (a.face_down ? "~" : "") + kUnitNames[a.unit] + "@" + hex_text(a.to);
    case ActionType::kShipyard: return "Y@" + hex_text(a.to);
    case ActionType::kDestroy: return "D " + hex_text(a.from) + ">" + hex_text(a.to);
    case ActionType::kPush: return "R " + hex_text(a.from) + ">" + hex_text(a.to);
  }
  return "?";
}

Action parse_notation(const std::string& text) {
  Reader in(text);
  Action a;
  // The letter read decides the kind (leading whitespace of any kind skipped).
  const bool move = in.accept('m'), destroy = !move && in.accept('d'), push = !move && !destroy && in.accept('r');
  if (move || destroy || push) {
    a.type = move ? ActionType::kMove : destroy ? ActionType::kDestroy : ActionType::kPush;
    a.from = in.hex();
    in.expect('>');
    a.to = in.hex();
  } else if (in.accept('y')) {
    a.type = ActionType::kShipyard;
    in.expect('@');
    a.to = a.from = in.hex();
  } else if (in.accept('p')) {
    a.type = ActionType::kSpawn;
    a.face_down = in.accept('~');
    const std::string unit = in.word();
    int u = -1;
    for (int i = 0; i < kUnitCount; ++i)
      if (unit == kUnitNames[i]) u = i;
    if (u < 0) in.fail("unknown unit '" + unit + "'");
    a.unit = static_cast<std::uint8_t>(u);
    in.expect('@');
    a.to = a.from = in.hex();
  } else {
    in.fail("expected M, P, Y, D or R");
  }
  in.end();
  return a;
}

}  // namespace triptych::hexfleet
