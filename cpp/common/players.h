// Who is to move, shared by every game (the values follow OpenSpiel's).
#pragma once

namespace triptych {

inline constexpr int kChancePlayer = -1;    // a die roll or card draw is pending
inline constexpr int kTerminalPlayer = -4;  // the game is over

}  // namespace triptych
