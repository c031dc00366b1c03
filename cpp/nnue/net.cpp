#include "nnue/net.h"

#include <array>
#include <cstring>
#include <fstream>
#include <iterator>

namespace triptych::nnue {

const char* game_name(std::uint32_t game) {
  return game == kAquaIgnisNet ? "aquaignis" : game == kHexfleetNet ? "hexfleet" : "an unknown game";
}

std::uint32_t crc32(const unsigned char* data, std::size_t size) {
  // zlib's CRC-32 (reflected polynomial 0xEDB88320), so Python's zlib.crc32 writes the same.
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

namespace {

// Little-endian reads from a byte string; the caller has checked the length.
class Reader {
 public:
  explicit Reader(const std::string& bytes, std::size_t at) : bytes_(bytes), at_(at) {}
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= std::uint32_t(static_cast<unsigned char>(bytes_[at_ + i])) << (8 * i);
    at_ += 4;
    return v;
  }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  std::int16_t i16() {
    const std::uint16_t v = std::uint16_t(static_cast<unsigned char>(bytes_[at_]) |
                                          (static_cast<unsigned char>(bytes_[at_ + 1]) << 8));
    at_ += 2;
    return static_cast<std::int16_t>(v);
  }
  std::int8_t i8() { return static_cast<std::int8_t>(bytes_[at_++]); }

 private:
  const std::string& bytes_;
  std::size_t at_;
};

}  // namespace

Net parse_net(const std::string& bytes, const NetSpec& expected, const std::string& origin) {
  const auto fail = [&](const std::string& why) { throw NetFileError(origin + ": " + why); };
  if (bytes.size() < std::size_t(kHeaderBytes))
    fail("truncated: " + std::to_string(bytes.size()) + " bytes, shorter than the " + std::to_string(kHeaderBytes) +
         "-byte header");
  if (std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) fail("bad magic: not a Triptych NNUE file (TRPTNNUE)");
  Reader header(bytes, sizeof kMagic);
  const std::uint32_t version = header.u32(), game = header.u32(), feature_set = header.u32();
  const std::uint32_t inputs = header.u32(), acc = header.u32(), hidden = header.u32();
  const std::uint32_t out_scale = header.u32(), payload = header.u32(), checksum = header.u32();
  if (version != kFormatVersion)
    fail("format version " + std::to_string(version) + ", this build reads version " + std::to_string(kFormatVersion));
  if (game != expected.game)
    fail(std::string("wrong game: the net is for ") + game_name(game) + ", not " + game_name(expected.game));
  if (feature_set != expected.feature_set)
    fail("feature set " + std::to_string(feature_set) + " does not match this build's feature set " +
         std::to_string(expected.feature_set));
  if (inputs != std::uint32_t(expected.inputs) || acc != std::uint32_t(kAccWidth) || hidden != std::uint32_t(kHidden))
    fail("sizes " + std::to_string(inputs) + "x" + std::to_string(acc) + "x" + std::to_string(hidden) +
         " do not match this build's " + std::to_string(expected.inputs) + "x" + std::to_string(kAccWidth) + "x" +
         std::to_string(kHidden));
  if (out_scale == 0 || out_scale > 100000) fail("out_scale " + std::to_string(out_scale) + " is out of range");
  const std::size_t want = 2 * kAccWidth + 2 * std::size_t(inputs) * kAccWidth + 4 * kHidden +
                           kHidden * 2 * kAccWidth + 4 + kHidden;
  if (payload != want)
    fail("payload size " + std::to_string(payload) + " does not match the sizes (" + std::to_string(want) + ")");
  if (bytes.size() < kHeaderBytes + want)
    fail("truncated: " + std::to_string(bytes.size() - kHeaderBytes) + " payload bytes of " + std::to_string(want));
  if (bytes.size() > kHeaderBytes + want) fail("trailing bytes after the payload");
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data()) + kHeaderBytes;
  if (crc32(data, want) != checksum) fail("bad checksum: the payload is corrupt");

  Net net;
  net.spec = expected;
  net.out_scale = int(out_scale);
  Reader r(bytes, kHeaderBytes);
  net.ft_bias.resize(kAccWidth);
  for (auto& v : net.ft_bias) v = r.i16();
  net.ft_weights.resize(std::size_t(inputs) * kAccWidth);
  for (auto& v : net.ft_weights) v = r.i16();
  for (auto& v : net.l1_bias) v = r.i32();
  for (auto& row : net.l1_weights)
    for (auto& v : row) v = r.i8();
  net.l2_bias = r.i32();
  for (auto& v : net.l2_weights) v = r.i8();
  return net;
}

Net load_net(const std::string& path, const NetSpec& expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw NetFileError(path + ": cannot be read");
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse_net(bytes, expected, path);
}

}  // namespace triptych::nnue
