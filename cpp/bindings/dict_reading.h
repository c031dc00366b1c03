// Small helpers for reading Python dicts (saved games, action dicts) with
// errors that name the offending field. Shared by every game's bindings.
#pragma once

#include <pybind11/pybind11.h>

#include <initializer_list>
#include <string>

namespace triptych::bindings {

namespace py = pybind11;

// Reads dicts, raising Error (IllegalActionError or InvalidStateError) with
// "<field>: <why>" messages.
template <typename Error>
class DictReader {
 public:
  DictReader(py::handle obj, std::string field) : field_(std::move(field)) {
    if (!py::isinstance<py::dict>(obj)) fail(field_, "expected a dict, got " + type_name(obj));
    dict_ = py::reinterpret_borrow<py::dict>(obj);
  }

  const std::string& field() const { return field_; }
  std::string sub(const std::string& key) const { return field_.empty() ? key : field_ + "." + key; }
  bool has(const char* key) const { return dict_.contains(key); }
  py::handle raw(const char* key) const {
    if (!has(key)) fail(sub(key), "missing");
    return dict_[key];
  }

  // Rejects keys other than `allowed`, so typos in saved games do not pass silently.
  void only(std::initializer_list<const char*> allowed) const {
    for (auto item : dict_) {
      const std::string key = py::str(item.first);
      bool known = false;
      for (const char* a : allowed) known = known || key == a;
      if (!known) fail(sub(key), "unknown field");
    }
  }

  long long integer(const char* key) const { return as_integer(raw(key), sub(key)); }
  long long integer_or(const char* key, long long fallback) const { return has(key) ? integer(key) : fallback; }
  std::string string(const char* key) const { return as_string(raw(key), sub(key)); }
  bool boolean(const char* key) const {
    py::handle v = raw(key);
    if (!py::isinstance<py::bool_>(v)) fail(sub(key), "expected true or false, got " + type_name(v));
    return v.cast<bool>();
  }

  static long long as_integer(py::handle v, const std::string& field) {
    // bool is an int in Python; a saved game never means True as 1.
    if (py::isinstance<py::bool_>(v) || !py::isinstance<py::int_>(v))
      fail(field, "expected an integer, got " + type_name(v));
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
    if (overflow != 0) fail(field, std::string(py::str(v)) + " is far out of range");
    return value;
  }
  static std::string as_string(py::handle v, const std::string& field) {
    if (!py::isinstance<py::str>(v)) fail(field, "expected a string, got " + type_name(v));
    return v.cast<std::string>();
  }
  // Index of `value` in `names`, or a failure listing the names.
  static int choice(const std::string& value, std::initializer_list<const char*> names, const std::string& field) {
    int i = 0;
    std::string listed;
    for (const char* n : names) {
      if (value == n) return i;
      listed += (i ? ", '" : "'") + std::string(n) + "'";
      ++i;
    }
    fail(field, "'" + value + "' is not one of " + listed);
  }
  static py::list as_list(py::handle v, const std::string& field) {
    if (!py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v))
      fail(field, "expected a list, got " + type_name(v));
    return py::list(py::reinterpret_borrow<py::object>(v));
  }

  [[noreturn]] static void fail(const std::string& field, const std::string& why) {
    throw Error(field.empty() ? why : field + ": " + why);
  }

 private:
  static std::string type_name(py::handle v) { return py::str(py::type::handle_of(v).attr("__name__")); }
  std::string field_;
  py::dict dict_;
};

}  // namespace triptych::bindings
