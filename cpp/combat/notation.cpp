#include "combat/notation.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "combat/state.h"
#include "combat/variant.h"
#include "common/errors.h"

namespace triptych::combat {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> split(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

int parse_int(const std::string& s) {
  if (s.empty() || s.size() > 4) return -999;
  int v = 0;
  std::size_t i = 0;
  bool neg = false;
  if (s[0] == '-') neg = true, i = 1;
  if (i >= s.size()) return -999;
  for (; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return -999;
    v = v * 10 + (s[i] - '0');
  }
  return neg ? -v : v;
}

std::string arg_text(ArgKind kind, int value) {
  switch (kind) {
    case ArgKind::kSlot: return std::to_string(value + 1);
    case ArgKind::kElement: return value >= 0 && value < kDieElements ? kElementNames[value] : "?";
    case ArgKind::kStatus: return value >= 0 && value < kStatuses ? kStatusNames[value] : "?";
    case ArgKind::kSide: return value == kPlayer ? "player" : "enemy";
    default: return std::to_string(value);
  }
}

int parse_arg(ArgKind kind, const std::string& text) {
  const std::string t = lower(text);
  switch (kind) {
    case ArgKind::kSlot: {
      const int v = parse_int(t);
      return v >= 1 && v <= kSlots ? v - 1 : -999;
    }
    case ArgKind::kElement: return parse_element(t) < 0 ? -999 : parse_element(t);
    case ArgKind::kStatus:
      for (int i = 0; i < kStatuses; ++i)
        if (t == kStatusNames[i]) return i;
      return -999;
    case ArgKind::kSide: return t == "player" ? kPlayer : t == "enemy" ? kEnemy : -999;
    default: {
      const int v = parse_int(t);
      return v >= -100 && v <= 120 ? v : -999;
    }
  }
}

}  // namespace

std::string card_token(int code) {
  if (!is_valid_card(code)) return "?";
  const int kind = card_kind(code);
  std::string s = kCardShort[kind];
  if (card_element(code) != kNativeElement[kind]) s += std::string(":") + kElementNames[card_element(code)];
  return s;
}

std::string card_display(int code) {
  if (!is_valid_card(code)) return "?";
  const int kind = card_kind(code);
  std::string s = kCardNames[kind];
  if (card_element(code) != kNativeElement[kind]) s += std::string(":") + kElementNames[card_element(code)];
  return s;
}

int parse_element(const std::string& text) {
  const std::string t = lower(text);
  for (int e = 0; e < kDieElements; ++e)
    if (t == kElementNames[e]) return e;
  return -1;
}

int parse_card(const std::string& text) {
  std::string name = lower(text), element;
  if (const auto colon = name.find(':'); colon != std::string::npos) {
    element = name.substr(colon + 1);
    name = name.substr(0, colon);
  }
  for (int kind = 0; kind < kCardKinds; ++kind) {
    if (name != kCardShort[kind] && name != lower(kCardNames[kind])) continue;
    if (element.empty()) return card_code(kind);
    const int e = parse_element(element);
    if (e < 0 || e >= kCardElements) return -1;
    return card_code(kind, e);
  }
  return -1;
}

std::string to_notation(const Variant& variant, const Action& a) {
  switch (a.type) {
    case ActionType::kPlace: return card_token(a.a) + ">" + std::to_string(a.b + 1);
    case ActionType::kRoll: return "roll";
    case ActionType::kEnd: return "end";
    case ActionType::kBuy: return "buy";
    case ActionType::kRollOutcome:
      return std::string(a.a == kBlankNumber ? "blank" : std::to_string(a.a)) + "/" +
             (a.b >= 0 && a.b < kDieElements ? kElementNames[a.b] : "?");
    case ActionType::kDrawOutcome: return "+" + card_token(a.a);
    case ActionType::kVerb: {
      const auto& verbs = variant.verbs();
      if (a.verb < 0 || a.verb >= static_cast<int>(verbs.size())) return "?";
      const VerbSpec& spec = verbs[a.verb];
      std::string s = spec.name;
      const int args[3] = {a.a, a.b, a.c};
      for (int i = 0; i < spec.arity(); ++i) s += " " + arg_text(spec.kinds[i], args[i]);
      return s;
    }
  }
  return "?";
}

Action parse_notation(const Variant& variant, const std::string& text) {
  const auto words = split(text);
  if (words.empty()) throw IllegalActionError("empty action");
  const std::string head = lower(words[0]);
  auto fail = [&](const std::string& why) -> Action { throw IllegalActionError("cannot read '" + text + "': " + why); };
  if (words.size() == 1) {
    if (head == "roll") return Action::roll();
    if (head == "end") return Action::end();
    if (head == "buy") return Action::buy();
    if (head[0] == '+') {
      const int code = parse_card(head.substr(1));
      return code < 0 ? fail("unknown card") : Action::draw_outcome(code);
    }
    if (const auto gt = head.find('>'); gt != std::string::npos) {
      const int code = parse_card(head.substr(0, gt));
      const int slot = parse_int(head.substr(gt + 1));
      if (code < 0) return fail("unknown card");
      if (slot < 1 || slot > kSlots) return fail("slot must be 1..4");
      return Action::place(code, slot - 1);
    }
    if (const auto slash = head.find('/'); slash != std::string::npos) {
      const std::string n = head.substr(0, slash);
      const int number = n == "blank" ? kBlankNumber : parse_int(n);
      const int element = parse_element(head.substr(slash + 1));
      if (number < 0 || number > 4) return fail("number must be 1..4 or blank");
      if (element < 0) return fail("unknown element");
      return Action::roll_outcome(number, element);
    }
  }
  const int verb = variant.verb_index(head);
  if (verb < 0) return fail("unknown action word '" + head + "'");
  const VerbSpec& spec = variant.verbs()[verb];
  if (static_cast<int>(words.size()) - 1 != spec.arity())
    return fail(std::string(spec.name) + " takes " + std::to_string(spec.arity()) + " argument(s)");
  int args[3] = {-1, -1, -1};
  for (int i = 0; i < spec.arity(); ++i) {
    args[i] = parse_arg(spec.kinds[i], words[i + 1]);
    if (args[i] == -999) return fail("bad argument '" + words[i + 1] + "'");
  }
  return Action::verb_action(verb, args[0], args[1], args[2]);
}

}  // namespace triptych::combat
