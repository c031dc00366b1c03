// The Hexfleet position and its contract: legal actions, apply, hash, setup
// (the engine side of to_dict/from_dict), observation and text.
//
// The board is unbounded, so it is stored sparsely: at most 48 occupied
// columns in a dense array, found by coordinate through a small open-addressing
// table, each with its six neighbour columns cached so graph walks (power,
// cut vertices) never hash. Every occupied hex is also one bit on a 32x32
// torus, so empty ground needs no lookup and a 7x7 neighbourhood is one word
// of bits (Frigate landing spots, cut vertices judged close by). A column's
// tiles are a linked stack of tile slots (top first), so the hot path touches
// only the top tile. The whole state is about 1 KB of flat arrays, so search
// copies it (copy-make).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/bits.h"
#include "hexfleet/history.h"
#include "hexfleet/types.h"

namespace triptych {
class Rng;  // common/rng.h
}

namespace triptych::hexfleet {

struct EvalWeights;  // evaluate.h

struct Options {
  Fleet fleet = kDefaultFleet;  // each player's 24 tiles by class (exactly one Core)
  // Whole turns after which the game is drawn (0: no limit); keeps self-play finite.
  int max_turns = 300;
  int first_player = 0;
  // R20: the game is drawn when the same position starts a turn for the
  // `repetitions`-th time (0: never; otherwise 2 or more).
  int repetitions = 3;
  // R4: false (the seed's reading): a Shipyard spawns only within one level of
  // itself, so a Shield lands on a friendly Shield only at Level 1. true (the
  // tower house rule): on top of a neighbouring friendly Shield at any height.
  bool shield_towers = false;
};

// Throws InvalidStateError naming the bad option ("options.fleet: ...").
void validate_options(const Options& options);

// Plain description of a position: what from_dict fills and to_dict reads.
struct TileSpec {
  int owner = 0;
  int unit = kShield;
  bool face_down = false;
};
struct StackSpec {
  Hex at;
  std::vector<TileSpec> tiles;  // bottom to top
};
struct Setup {
  int to_move = 0;
  int actions_left = 2;
  int turn = 0;
  int countdown = 0;  // turns left in a separation countdown, 0: none running
  // R19: levels the ship now at `climber` climbed in this turn's first action (0: none).
  Hex climber{};
  int climbed = 0;
  // R20: hashes of the positions that started the turns so far, oldest first
  // (the current turn's included); none given: just the current position at a
  // turn's start, nothing mid-turn.
  std::optional<std::vector<std::uint64_t>> history;
  bool over = false;
  int winner = -1;
  std::vector<StackSpec> stacks;
  std::array<std::array<int, kUnitCount>, 2> reserves{};
  Options options;
};

// Per-position graph facts used by move generation: the component of every
// column, and for the lone columns asked about (`split`), whether lifting
// them splits their component (a cut vertex) and into which pieces.
struct ChainInfo {
  static constexpr int kMaxPieces = 3;  // six neighbours form at most three arcs
  std::array<std::uint8_t, kMaxColumns> component;
  std::array<std::uint8_t, kMaxColumns> size;  // columns per component
  int count = 0;                               // components
  std::array<bool, kMaxColumns> cut;           // false unless split() found a cut vertex
  std::array<std::uint8_t, kMaxColumns> piece_count;
  std::array<std::array<std::uint64_t, kMaxPieces>, kMaxColumns> piece_columns;  // bit per column

  // The piece of `column` (in v's component) once cut vertex `v` is lifted out.
  int piece(int v, int column) const {
    int k = 0;
    while (k + 1 < piece_count[v] && !(piece_columns[v][k] >> column & 1)) ++k;
    return k;
  }
  int pieces(int v) const { return piece_count[v]; }
};

// The board with one tile lifted off (the top of column `from`): the
// components of what remains, which players' tiles and Cores each holds, and
// which are cut off from a Core they need. A Frigate's two steps are both
// judged against it: the Frigate standing on hex Y joins the pieces Y touches,
// so whether it is powered there (and whether the Cores are then in contact)
// depends only on that set of pieces, and both answers are tabulated per set.
//
// There are at most four pieces: every component of a legal position holds a
// Core, so there are at most two, and lifting a lone tile splits its own into
// at most three (its six neighbours form at most three arcs).
struct Lifted {
  static constexpr int kMaxPieces = 4;
  int from = 0;
  bool vanished = false;  // the tile was alone in its column
  int owner_bit = 0;
  const std::uint8_t* comp = nullptr;           // per column (the position's own when nothing splits)
  const std::uint8_t* needs = nullptr;          // per component: owners of its tiles
  std::array<std::uint8_t, kMaxColumns> cores;  // per component: bit per player
  std::array<std::uint8_t, kMaxColumns> own_comp;
  std::array<std::uint8_t, kMaxColumns> own_needs;
  std::uint64_t cut_off = 0;                    // components lacking a Core they need
  std::array<int, 2> core_comp{};
  // Per set of pieces the Frigate touches (bit k: component k): is every tile
  // powered, and are the Cores in contact?
  std::array<bool, 1 << kMaxPieces> powered{};
  std::array<bool, 1 << kMaxPieces> contact{};
};

// A Frigate's moves in the usual case, as State::generate_frigate_steps
// finds them: its first steps, then each first step's onward cells not
// reached before, in direction order; each destination a cell of
// State::box_occupancy's word around `from`, and which cells a path reaches
// climbing at most 0 or 1 levels (the others climb 2). Listing, the order is
// written out (`order`); drawing (random_action keeps these instead of writing
// out the moves), only the count is needed, so each first step's onward cells
// are kept as bits (`fresh`) and put in order only for the move drawn.
struct FrigateMoves {
  // No initialisers: generate_frigate_steps writes every field in use (random_action
  // keeps an array of these, which would otherwise be cleared at every draw).
  Hex from;
  int count;   // destinations
  int firsts;  // first steps: first[0, firsts), and fresh[0, firsts) when drawing
  std::array<std::uint8_t, 6> first;          // their directions
  std::array<std::uint64_t, 6> fresh;         // drawing: the cells first reached through first[k]
  std::array<std::uint8_t, 18> order;         // listing: every destination, in order
  std::array<std::uint64_t, 2> climb_at_most;
  int size() const { return count; }
  Action listed(int k) const;  // k < size(), from generate_frigate_steps<true>
  Action drawn(int k) const;   // the same action, from generate_frigate_steps<false>
};

// The columns within three hexes of a centre, in a 7x7 axial box: a
// Frigate's whole move (and the hexes around its landing spots) looks up
// columns here instead of hashing each time, with the lifted board's
// component of each column as one bit (0: empty ground, or the lifted tile's
// emptied column).
struct Neighbourhood {
  static constexpr int kRadius = 3, kSide = 2 * kRadius + 1;
  // Cell offsets of the six directions (kDirections): q moves by kSide, r by 1.
  static constexpr std::array<int, 6> kStep{kSide, kSide - 1, -1, -kSide, -kSide + 1, 1};
  Hex centre;
  std::array<std::uint8_t, kSide * kSide> cell;   // column index, 0xFF for empty ground
  std::array<std::uint8_t, kSide * kSide> piece;  // 1 << component, 0 for nothing there
  // Each cell's hex relative to the centre.
  static constexpr std::array<Hex, kSide * kSide> kOffset = [] {
    std::array<Hex, kSide * kSide> offsets{};
    for (int i = 0; i < kSide * kSide; ++i) offsets[i] = {i / kSide - kRadius, i % kSide - kRadius};
    return offsets;
  }();
  int index(Hex h) const { return (h.q - centre.q + kRadius) * kSide + (h.r - centre.r + kRadius); }
  int column(int i) const { return cell[i] == 0xFF ? -1 : cell[i]; }
  // The pieces a tile standing on cell i joins: on a stack, that stack's;
  // on empty ground, those of its six neighbours (i is at most two hexes
  // from the centre, so they are all in the box).
  int joined(int i) const {
    if (cell[i] != 0xFF) return piece[i];
    return piece[i + kStep[0]] | piece[i + kStep[1]] | piece[i + kStep[2]] | piece[i + kStep[3]] |
           piece[i + kStep[4]] | piece[i + kStep[5]];
  }
};

class State {
 public:
  explicit State(const Options& options = {});
  State(const State&) = default;
  State& operator=(const State&) = default;

  // --- queries -------------------------------------------------------------
  int side_to_act() const { return side_; }
  int to_move() const;  // side_to_act, or kTerminalPlayer
  int actions_left() const { return actions_left_; }
  bool is_terminal() const { return over_; }
  int winner() const { return winner_; }  // -1: none yet, or a draw
  std::array<double, 2> returns() const;
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;  // from scratch; equals hash()
  // The board's indexes agree with its columns: the coordinate table, the
  // cached neighbours and top tile codes, and the occupancy bits (tests; board.cpp).
  bool board_indexes_agree() const;
  int turn() const { return turn_; }
  int countdown() const { return countdown_; }
  Hex climber() const { return climber_; }
  int climbed() const { return climbed_; }  // levels climbed this turn by the ship at climber()
  std::vector<std::uint64_t> history() const;  // turn-start hashes, oldest first (R20)
  const Options& options() const { return options_; }
  int reserve(int side, int unit) const { return reserve_[side][unit]; }
  Hex core(int side) const { return core_[side]; }
  int column_count() const { return columns_; }
  Hex column_hex(int col) const { return col_at_[col]; }  // col in [0, column_count()), in no fixed order
  int height_at(Hex h) const;                // 0 for empty ground
  Tile tile_at(Hex h, int level) const;      // requires level < height_at(h)
  // Column col's tiles, level 0 first, into out[0 .. height); returns the height. Reads the
  // column by index, with no coordinate lookup per tile: the NNUE lists the board this way.
  int column_tiles(int col, Tile* out) const {
    const int height = col_height_[col];
    int slot = col_top_[col];
    for (int level = height - 1; level >= 0; --level) {
      out[level] = tile_[slot];
      slot = below_[slot];
    }
    return height;
  }
  // The tiles of the column on h, level 0 first, into out[0 .. height); returns the height (0: empty ground).
  int tiles_at(Hex h, Tile* out) const {
    const int c = find_column(h);
    return c < 0 ? 0 : column_tiles(c, out);
  }
  int tile_count() const { return bit_count(used_); }  // tiles on the board
  bool networks_in_contact() const;          // one chain of tiles joins the two Cores
  bool in_contact() const { return contact_; }  // the same, as apply keeps it (no search)
  // The power network as the client draws it (network.cpp): per occupied column its hex, its
  // connected piece, whether lifting the column out would split that piece (a cut vertex), and the
  // Cores the piece holds (bit 0: player 0's, bit 1: player 1's).
  struct NetworkColumn {
    Hex at;
    int component = 0;
    bool cut = false;
    int cores = 0;
  };
  std::vector<NetworkColumn> power_network() const;

  // --- the contract ----------------------------------------------------------
  // All legal actions (generation order; `legal_actions_sorted` for a canonical one).
  void legal_actions(ActionList& out) const;
  void legal_actions_sorted(ActionList& out) const;
  // The same list built with a slow, obviously-correct chain test (tests only).
  void legal_actions_reference(ActionList& out) const;
  // The legal Destroys, pushes and moves onto the enemy Core (the search's
  // tactical actions, SearchGame::is_tactical), in legal_actions' order: what
  // quiescence search looks at, without generating the quiet rest.
  void tactical_actions(ActionList& out) const;
  // A uniformly random legal action, without listing them all: exactly
  // legal_actions()[rng.below(n)] for the list's size n, so seeded playouts
  // play the same games either way. Action{} once the game is over.
  Action random_action(Rng& rng) const;
  bool has_legal_action() const;
  bool is_legal(const Action& action) const;
  std::string explain_illegal(const Action& action) const;  // empty when legal
  void apply(const Action& action);            // throws IllegalActionError, state untouched
  void apply_unchecked(const Action& action);  // for an action known to be legal

  // --- setup -----------------------------------------------------------------
  static State from_setup(const Setup& setup);  // throws InvalidStateError
  Setup to_setup() const;

  // --- views -----------------------------------------------------------------
  static constexpr int kWindow = 17;  // observation window, centred on the mover's Core
  static constexpr int kObservationPlanes = 27;
  static constexpr int kObservationSize = kObservationPlanes * kWindow * kWindow;
  void observation(float* out) const;  // [plane][q][r] relative to the Core
  std::string to_string() const;

 private:
  static constexpr std::uint8_t kNone = 0xFF;
  static constexpr int kTableSize = 128;

  // --- board storage (board.cpp) ---------------------------------------------
  static int table_index(Hex h) {
    const std::uint32_t x = static_cast<std::uint32_t>(h.q) * 0x9E3779B1u + static_cast<std::uint32_t>(h.r) * 0x85EBCA77u;
    return static_cast<int>(x >> 25);  // 7 bits: 128 slots, at most 48 used
  }
  int find_column(Hex h) const {  // -1 when empty ground; inline: the hot path's one lookup
    if (!maybe_occupied(h)) return -1;
    for (int i = table_index(h);; i = (i + 1) & (kTableSize - 1)) {
      const std::uint8_t c = table_[i];
      if (c == kNone) return -1;
      if (col_at_[c] == h) return c;
    }
  }
  // The occupancy bit of h (see occupied_): clear for empty ground; set for a
  // column, or (only while wrapped_) for a hex sharing its bit with one.
  bool maybe_occupied(Hex h) const { return occupied_[h.q & kWrapMask] >> (h.r & kWrapMask) & 1; }
  // The occupancy bits of the 7x7 box around `centre` as one word: bit 8k + j
  // is the hex (q + k - 3, r + j - 3); bit 7 of each row stays clear, so a
  // shift by one never carries a cell into the next row, and the six
  // neighbours of a cell are at offsets +8, +7, -1, -8, -7, +1 (kDirections).
  // Exact only while !wrapped_.
  std::uint64_t box_occupancy(Hex centre) const {
    std::uint64_t box = 0;
    for (int k = 0; k < 7; ++k)
      box |= std::uint64_t{std::rotr(occupied_[(centre.q + k - 3) & kWrapMask], (centre.r - 3) & kWrapMask) & 0x7F}
             << (8 * k);
    return box;
  }
  static constexpr int kBoxCentreBit = 3 * 8 + 3;
  // The cells with an occupied neighbour, or occupied themselves, in box_occupancy's layout.
  static constexpr std::uint64_t spread(std::uint64_t f) {
    return f | f << 1 | f >> 1 | f << 7 | f >> 7 | f << 8 | f >> 8;
  }
  void set_occupancy(Hex h);
  void clear_occupancy(Hex h);
  int add_column(Hex h);               // a new, empty column
  void remove_column(int col);         // moves the last column into the hole
  void push_tile(int col, Tile t);     // on top
  Tile pop_tile(int col);              // the top tile; removes the column when emptied
  int level_of_top(int col) const { return col_height_[col] - 1; }
  Tile top(int col) const { return Tile{col_top_code_[col]}; }
  Tile bottom(int col) const;
  // Rewrites a column keeping the tiles that `keep` accepts; returns the
  // removed tiles to their owners' reserves. The column may vanish.
  template <typename Keep>
  void filter_column(int col, Keep keep);
  void return_to_reserve(Tile t);
  void set_reserve(int side, int unit, int count);
  void set_side_and_actions(int side, int actions_left);
  void set_countdown(int countdown);
  void set_over(int winner);
  void set_climb(Hex at, int levels);
  int climb_budget(int col) const;  // levels the top tile of `col` may still climb this turn
  // R20: records the position that starts this turn; true if it is now the
  // `repetitions`-th occurrence.
  bool record_turn_start();

  // --- the chain of power (chain.cpp) ----------------------------------------
  // The components (one while the Cores are in contact: each holds a Core),
  // with `cut` false everywhere until split() is asked.
  void label_components(ChainInfo& info) const;
  // Lifting lone column v (whose neighbours form two or more arcs): does its
  // component fall apart, and into which pieces? One search over the rest
  // from each arc not yet reached; it stops as soon as one reaches them all.
  void split(int v, ChainInfo& info) const;
  // Does lifting lone column v split its component?
  bool is_cut_vertex(int v) const;
  // What the occupancy bits alone tell about lifting lone column v: its arcs
  // of neighbours join within three hexes (kNoCut); one arc's piece lies
  // wholly within three hexes, without the others (kCut: `enclosed` is that
  // arc's neighbour column); or nothing (kUnknown, always on wrapped boards).
  struct NearCut {
    enum Answer : std::uint8_t { kUnknown, kNoCut, kCut } answer = kUnknown;
    int enclosed = -1;
  };
  NearCut near_cut_test(int v) const;
  // The occupied neighbours of `col` as six bits, one per direction.
  int ring(int col) const { return col_ring_[col]; }
  // A column whose occupied neighbours form at most one unbroken arc is never
  // a cut vertex: the hexes of two consecutive directions touch, so the arc
  // stays connected without it. Only two or more arcs need the DFS to tell.
  static bool ring_is_one_arc(int ring) {
    const int rotated = ((ring << 1) | (ring >> 5)) & 0x3F;  // bit d: direction d - 1 occupied
    const int arc_starts = ring & ~rotated;
    return (arc_starts & (arc_starts - 1)) == 0;  // no start (empty or full ring) or one
  }
  int components(std::array<std::uint8_t, kMaxColumns>& comp) const;
  // Does a step from column `from` in direction `dir` keep the chain whole?
  // Inline for the two cheap answers (most steps); new ground next to a lone
  // tile asks which pieces it touches (chain.cpp).
  bool step_keeps_chain(const ChainInfo& info, int from, int dir) const {
    // The tile leaves others behind: the column stays, and the destination
    // (new or not) is beside it, so no column loses its path and no contact is lost.
    if (col_height_[from] > 1) return true;
    if (col_nbr_[from][dir] != kNone) return !info.cut[from];  // already in from's component
    if (!info.cut[from]) {
      // Not a cut vertex: landing beside one of its neighbours (or having none) keeps it joined.
      if (col_ring_[from] == 0 || (col_ring_[from] & kBesideDirection[dir])) return true;
      // Else one of the three hexes beyond must be a column of its component: with one component,
      // any column, and the occupancy bits tell.
      if (info.count == 1 && !wrapped_) {
        const Hex h = col_at_[from];
        const auto& beyond = kBeyond[dir];
        return maybe_occupied({h.q + beyond[0].q, h.r + beyond[0].r}) ||
               maybe_occupied({h.q + beyond[1].q, h.r + beyond[1].r}) ||
               maybe_occupied({h.q + beyond[2].q, h.r + beyond[2].r});
      }
    }
    return step_to_new_ground_keeps_chain(info, from, dir);
  }
  // The directions d - 1 and d + 1, whose hexes touch the hex in direction d, as ring bits.
  static constexpr std::array<std::uint8_t, 6> kBesideDirection{0x22, 0x05, 0x0A, 0x14, 0x28, 0x11};
  // The hexes two steps out that touch the hex in direction d: d + d, d + (d + 1), d + (d - 1).
  static constexpr auto kBeyond = [] {
    std::array<std::array<Hex, 3>, 6> table{};
    for (int d = 0; d < 6; ++d) {
      int k = 0;
      for (const int e : {d, (d + 1) % 6, (d + 5) % 6})
        table[d][k++] = {kDirections[d].q + kDirections[e].q, kDirections[d].r + kDirections[e].r};
    }
    return table;
  }();
  bool step_to_new_ground_keeps_chain(const ChainInfo& info, int from, int dir) const;
  bool step_keeps_chain_slow(int from, Hex to) const;
  void lift(int from, const ChainInfo& info, Lifted& lifted) const;
  // The box around the lifted tile's hex, with the lifted board's pieces.
  void neighbourhood(const Lifted& lifted, Neighbourhood& near) const;
  bool all_powered() const;
  // After a combat action: return every tile that cannot trace a path to its
  // own Core, let stacks close up, repeat until nothing else falls.
  void resolve_power();

  // --- rules (movegen.cpp, apply.cpp) ----------------------------------------
  // Out is an ActionList, or a sink that only notes whether anything came.
  template <bool kReference, typename Out>
  void generate(Out& out) const;
  // The columns topped by our Shipyards and by our movers (the Core, face-up ships), as column bits.
  struct OurTops {
    std::uint64_t yards, movers;
  };
  OurTops our_tops() const;
  // generate's first pass: the components (into info), our uncovered
  // Shipyards (into yards); returns our movers (the Core, ships) as column bits.
  template <bool kReference>
  std::uint64_t begin_generation(ChainInfo& info, FixedVector<std::uint8_t, kMaxShipyardsOnBoard>& yards) const;
  // The moves and attacks of the mover on col, in generation order (splitting first where it may cut).
  template <bool kReference, typename Out>
  void generate_mover(int col, ChainInfo& info, Out& out) const;
  template <bool kReference, typename Out>
  void generate_moves(int col, const ChainInfo& info, Out& out) const;
  // A Frigate's moves in the usual case (one component, not wrapped, lifting it splits nothing),
  // given its legal first steps: the second steps judged as bits of box_occupancy's word.
  template <bool kOrdered>
  void generate_frigate_steps(int col, const FixedVector<std::uint8_t, 6>& first_dirs,
                              const FixedVector<std::uint8_t, 6>& first_climb, int budget, FrigateMoves& moves) const;
  template <typename Out>
  void generate_attacks(int col, Out& out) const;  // the targets of the Destroyer or Repulsor on col
  template <typename Out>
  void generate_spawns(const FixedVector<std::uint8_t, kMaxShipyardsOnBoard>& yards, Out& out) const;
  // Calls shipyard(at) for each hex where our Core may build a Shipyard, then
  // site(at, ground) once for each hex our Shipyards may spawn onto (ground:
  // empty ground, else our Shield), in generation order.
  template <typename Shipyard, typename Site>
  void visit_spawn_sites(const FixedVector<std::uint8_t, kMaxShipyardsOnBoard>& yards, Shipyard&& shipyard,
                         Site&& site) const;
  // A Core stands on the ground and never leaves it, so its column is where it is.
  bool own_core_column(int col, int side) const { return col_at_[col] == core_[side]; }
  // Building a Shipyard beside the uncovered Core (column core_col) in direction dir: no enemy tile may touch it.
  bool shipyard_site_ok(int core_col, int dir, int side) const;
  void do_move(Hex from, Hex to);
  void do_step(Hex from, Hex to);  // one step of a move, no checks
  void do_spawn(const Action& a);
  void do_shipyard(Hex at);
  bool empties_cut_vertex(int col) const;  // lifting col's top tile empties a cut vertex
  bool do_destroy(Hex target);  // both: whether a cut vertex was emptied
  bool do_push(Hex from, Hex target);
  void end_action();
  void end_turn();
  void start_turn();
  bool has_ship_on_enemy_core(int side) const;

  // Tiles: slots with a stack link each; `used_` marks the slots in use.
  std::array<Tile, kMaxTiles> tile_{};
  std::array<std::uint8_t, kMaxTiles> below_{};
  std::uint64_t used_ = 0;
  // Columns, dense in [0, columns_).
  std::array<Hex, kMaxColumns> col_at_{};
  std::array<std::uint8_t, kMaxColumns> col_height_{};
  std::array<std::uint8_t, kMaxColumns> col_top_{};
  // The top tile's code per column (tile_[col_top_[c]].code), kept by push_tile and pop_tile:
  // generation reads every column's top, and reads them here side by side.
  std::array<std::uint8_t, kMaxColumns> col_top_code_{};
  std::array<std::array<std::uint8_t, 6>, kMaxColumns> col_nbr_{};
  std::array<std::uint8_t, kMaxColumns> col_ring_{};  // bit d: col_nbr_[c][d] is a column
  std::array<std::uint8_t, kTableSize> table_{};  // coordinate -> column, kNone when free
  std::uint8_t columns_ = 0;
  // Every occupied hex as one bit on a 32x32 torus: bit r & 31 of row q & 31.
  // A clear bit is empty ground without a lookup, and a Frigate reads its
  // whole neighbourhood from seven rows. Two columns share a bit only on a
  // board 32 hexes across; wrapped_ says so, and then a set bit proves nothing.
  static constexpr int kWrap = 32, kWrapMask = kWrap - 1;
  std::array<std::uint32_t, kWrap> occupied_{};
  bool wrapped_ = false;

  std::array<Hex, 2> core_{};
  std::array<std::array<std::uint8_t, kUnitCount>, 2> reserve_{};
  std::array<std::uint8_t, 2> shipyards_{};  // on the board
  std::int8_t side_ = 0;
  std::int8_t actions_left_ = 2;
  std::int8_t countdown_ = 0;
  bool over_ = false;
  std::int8_t winner_ = -1;
  std::uint32_t turn_ = 0;
  // R19: the ship that climbed in this turn's first action, and how far.
  Hex climber_{};
  std::int8_t climbed_ = 0;
  TurnHistory history_;  // R20: turn-start hashes, shared by copies
  Options options_;
  std::uint64_t hash_ = 0;
  // networks_in_contact(), kept up to date by apply (most positions are in
  // contact, and then move generation needs no DFS for the components).
  bool contact_ = true;

  friend std::uint64_t perft(const State& state, int depth);
  friend int evaluate_board(const State& state, const EvalWeights& weights);
  friend struct FrigateMoves;  // its moves are cells of box_occupancy's word
};

// Leaves of the action tree `depth` plies deep (each action is one ply).
std::uint64_t perft(const State& state, int depth);

// Canonical notation (see docs/rules/hexfleet.md): M 0,0>1,-1, P frigate@1,0,
// P ~frigate@1,0 (face-down), P shield@1,0, Y@-1,0, D 0,1>1,1, R 0,1>1,1.
std::string to_notation(const Action& action);
Action parse_notation(const std::string& text);  // throws IllegalActionError

}  // namespace triptych::hexfleet
