// Policies written in Python (docs/policies.md): `--plugin FILE.py` runs the file in an
// embedded CPython whose `botsim` module (below) declares policies with decorators and shows a
// policy the same snapshot as the C++ interfaces, as Python objects. Each policy object is
// wrapped in a C++ policy (PyProvisioning, PyAuction) that the actors call like any other.
//
// The interpreter starts with the first Python file and is never finalized (Python objects are
// held until the process ends). Between calls the GIL is released, and each call takes it, so
// that an actor running on a thread of its own (SimGrid's thread contexts) may call too. A
// watchdog thread interrupts a call or a load that runs past --policy-timeout.
#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "core/error.hpp"
#include "policy/plugins.hpp"
#include "policy/registry.hpp"

namespace py = pybind11;

namespace botsim::policy {

namespace {

// A limit in seconds as the user wrote it (1, not 1.000000).
std::string seconds_text(double s) {
  std::ostringstream o;
  o << s;
  return o.str();
}

// ---- the watchdog ----

// One call at a time is watched (policies are called one at a time). The call's start is an
// atomic, so that arming costs no system call; the watchdog thread looks every tenth of the
// limit. At the limit it raises PolicyTimeout in the Python code (at its next bytecode); five
// seconds later, if the call still has not returned (stuck in C code, or it caught the
// exception), botsim stops with exit code 2.
class Watchdog {
 public:
  static Watchdog& get() {
    static Watchdog* w = new Watchdog;  // never destroyed: its thread runs until the process ends
    return *w;
  }
  void arm(const std::string* what, unsigned long thread_id) {
    if (!(policy_timeout() > 0)) return;
    start();
    what_.store(what);
    thread_id_.store(thread_id);
    started_ns_.store(now_ns());
    ++seq_;
    armed_.store(true);
  }
  void disarm() { armed_.store(false); }

 private:
  static long long now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  void start() {
    if (running_) return;
    running_ = true;
    std::thread([this] { watch(); }).detach();
  }
  void watch() {
    long interrupted_seq = -1;
    for (;;) {
      const double limit = policy_timeout();
      std::this_thread::sleep_for(std::chrono::duration<double>(std::min(0.1, limit / 10)));
      if (!armed_.load()) continue;
      const long seq = seq_.load();
      const double took = static_cast<double>(now_ns() - started_ns_.load()) * 1e-9;
      if (took < limit) continue;
      const std::string* what = what_.load();
      if (interrupted_seq != seq) {
        interrupted_seq = seq;
        const unsigned long tid = thread_id_.load();
        // Raised in the policy's thread at its next bytecode; taking the GIL may wait for the
        // policy's thread to give it up (every few milliseconds), or forever if it never does:
        // that is what the second limit is for.
        std::thread([tid] {
          py::gil_scoped_acquire gil;
          PyObject* timeout =
              PyObject_GetAttrString(py::module_::import("botsim").ptr(), "PolicyTimeout");
          PyThreadState_SetAsyncExc(tid, timeout);
          Py_XDECREF(timeout);
        }).detach();
      } else if (took >= limit + 5) {
        stuck_policy_exit((what ? *what : std::string("a Python policy")) +
                          ": did not return within " + seconds_text(limit) +
                          " s of wall-clock time (--policy-timeout), nor when interrupted");
      }
    }
  }
  bool running_ = false;
  std::atomic<bool> armed_{false};
  std::atomic<long> seq_{0};
  std::atomic<long long> started_ns_{0};
  std::atomic<unsigned long> thread_id_{0};
  std::atomic<const std::string*> what_{nullptr};
};

// Takes the GIL and arms the watchdog for one call.
class PythonCall {
 public:
  explicit PythonCall(const std::string* what) {
    Watchdog::get().arm(what, PyThreadState_Get()->thread_id);
  }
  ~PythonCall() { Watchdog::get().disarm(); }

 private:
  py::gil_scoped_acquire gil_;  // first member: taken before arm() reads the thread state
};

// ---- what a policy sees, valid during its call only ----

template <class T>
struct During {
  const T* p = nullptr;
  const T& get() const {
    if (!p)
      throw std::runtime_error(
          "this object was given to a policy for one call and is not valid after it");
    return *p;
  }
};
using CloudViewRef = During<CloudView>;
using AuctionViewRef = During<AuctionView>;
// A mapping's view, with the list of its unoccupied resources built for the call.
struct MappingViewRef : During<MappingView> {
  py::object unoccupied;
};
using PropsRef = During<Props>;
// The view's random stream, valid while its view is (the Python object keeps its view's).
struct RandomRef {
  const CloudViewRef* cloud = nullptr;
  const AuctionViewRef* auction = nullptr;
  const MappingViewRef* mapping = nullptr;
  Random& get() const {
    if (cloud) return cloud->get().random();
    if (auction) return auction->get().random();
    return mapping->get().random();
  }
};

// A view (or props) as a Python object, invalidated when the call returns.
template <class Ref, class T>
class Lent {
 public:
  explicit Lent(const T& x) : obj_(py::cast(Ref{&x})) {}
  ~Lent() { obj_.cast<Ref&>().p = nullptr; }
  Lent(const Lent&) = delete;
  Lent& operator=(const Lent&) = delete;
  const py::object& obj() const { return obj_; }

 private:
  py::object obj_;
};

// Python exceptions, as one line: the traceback's last line, and where in the plug-in.
std::string describe_python_error(py::error_already_set& e) {
  try {
    py::object describe = py::module_::import("botsim").attr("_describe");
    return describe(e.type(), e.value(), e.trace()).cast<std::string>();
  } catch (const std::exception&) {
    return e.what();
  }
}

// A bad prop read through Props inside Python: the InputError travels as botsim.PropError and
// comes out as the same InputError.
struct PropErrorText {
  std::string message;
};

// ---- the C++ policies that call Python objects ----

// What the Python policy object has: each hook, or None.
py::object hook_of(const py::object& obj, const char* name) {
  if (py::hasattr(obj, name)) return obj.attr(name);
  return py::none();
}

class PyPolicyBase {
 protected:
  PyPolicyBase(py::object obj, std::string what) : obj_(std::move(obj)), what_(std::move(what)) {}
  ~PyPolicyBase() {
    py::gil_scoped_acquire gil;
    hooks_.clear();
    obj_ = py::object();
  }
  // Calls `hook(args...)`; a Python exception becomes a std::runtime_error naming it.
  template <class... Args>
  py::object call(const py::object& hook, const char* name, Args&&... args) {
    try {
      return hook(std::forward<Args>(args)...);
    } catch (py::error_already_set& e) {
      if (e.matches(py::module_::import("botsim").attr("PolicyTimeout")))
        throw std::runtime_error(std::string(name) + "() did not return within " +
                                 seconds_text(policy_timeout()) +
                                 " s of wall-clock time (--policy-timeout)");
      throw std::runtime_error("raised " + describe_python_error(e));
    }
  }
  py::object& hook(const char* name) {
    auto [it, added] = hooks_.try_emplace(name);
    if (added) it->second = hook_of(obj_, name);
    return it->second;
  }
  static std::string type_name(const py::object& r) {
    return py::str(py::type::of(r).attr("__name__")).cast<std::string>();
  }
  template <class T>
  T result_as(const py::object& r, const char* name, const char* type_name) {
    if (r.is_none()) return T{};
    if (!py::isinstance<T>(r))
      throw DecisionError(std::string(name) + "() returned a value of type " +
                          py::str(py::type::of(r).attr("__name__")).cast<std::string>() +
                          ", not a botsim." + type_name + " (or None)");
    return r.cast<T>();
  }

  py::object obj_;
  std::string what_;  // how the watchdog names the policy
  std::map<std::string, py::object> hooks_;
};

class PyProvisioning : public ProvisioningPolicy, PyPolicyBase {
 public:
  PyProvisioning(py::object obj, std::string what) : PyPolicyBase(std::move(obj), std::move(what)) {
    label_ = py::str(py::getattr(obj_, "label", py::str(""))).cast<std::string>();
    interval_ = py::getattr(obj_, "check_interval", py::float_(0.0)).cast<double>();
    for (const char* name : {"start", "task_ended", "check", "instance_ready", "instance_lost",
                             "interruption_notice", "takes_task", "after_dispatch"})
      hook(name);
  }
  std::string label() const override { return label_; }
  double check_interval_s() const override { return interval_; }
  CloudDecision start(const CloudView& v) override { return decide("start", v); }
  CloudDecision task_ended(const CloudView& v, const TaskEnd& e) override {
    return decide("task_ended", v, e);
  }
  CloudDecision check(const CloudView& v) override { return decide("check", v); }
  CloudDecision instance_ready(const CloudView& v, const Instance& i) override {
    return decide("instance_ready", v, i);
  }
  CloudDecision instance_lost(const CloudView& v, const InstanceLoss& l) override {
    return decide("instance_lost", v, l);
  }
  CloudDecision interruption_notice(const CloudView& v, const Instance& i) override {
    return decide("interruption_notice", v, i);
  }
  bool takes_task(const CloudView& v, const Instance& i) override {
    py::object& h = hooks_.at("takes_task");
    if (h.is_none()) return true;
    PythonCall guard(&what_);
    Lent<CloudViewRef, CloudView> view(v);
    py::object r = call(h, "takes_task", view.obj(), py::cast(i, py::return_value_policy::copy));
    if (!py::isinstance<py::bool_>(r))
      throw DecisionError("takes_task() returned a value of type " +
                          py::str(py::type::of(r).attr("__name__")).cast<std::string>() +
                          ", not True or False");
    return r.cast<bool>();
  }
  CloudDecision after_dispatch(const CloudView& v) override { return decide("after_dispatch", v); }

 private:
  template <class... Extra>
  CloudDecision decide(const char* name, const CloudView& v, const Extra&... extra) {
    py::object& h = hooks_.at(name);
    if (h.is_none()) {
      if (std::string(name) == "start") throw DecisionError("the policy has no start(view) method");
      return {};
    }
    PythonCall guard(&what_);
    Lent<CloudViewRef, CloudView> view(v);
    return result_as<CloudDecision>(
        call(h, name, view.obj(), py::cast(extra, py::return_value_policy::copy)...), name,
        "CloudDecision");
  }
  std::string label_;
  double interval_ = 0;
};

class PyAuction : public AuctionPolicy, PyPolicyBase {
 public:
  PyAuction(py::object obj, std::string what) : PyPolicyBase(std::move(obj), std::move(what)) {
    label_ = py::str(py::getattr(obj_, "label", py::str(""))).cast<std::string>();
    py::object fixed = py::getattr(obj_, "fixed_bid", py::none());
    if (!fixed.is_none()) fixed_ = fixed.cast<double>();
    for (const char* name : {"start", "interval", "place"}) hook(name);
  }
  std::string label() const override { return label_; }
  std::optional<double> fixed_bid() const override { return fixed_; }
  AuctionPlan start(const AuctionView& v) override {
    return decide<AuctionPlan>("start", "AuctionPlan", v);
  }
  AuctionRound interval(const AuctionView& v) override {
    return decide<AuctionRound>("interval", "AuctionRound", v);
  }
  AuctionPlan place(const AuctionView& v, const std::vector<long>& tasks) override {
    return decide<AuctionPlan>("place", "AuctionPlan", v, tasks);
  }

 private:
  template <class T, class... Extra>
  T decide(const char* name, const char* type_name, const AuctionView& v, const Extra&... extra) {
    py::object& h = hooks_.at(name);
    if (h.is_none()) {
      if (std::string(name) != "interval")
        throw DecisionError(std::string("the policy has no ") + name + "() method");
      return {};
    }
    PythonCall guard(&what_);
    Lent<AuctionViewRef, AuctionView> view(v);
    return result_as<T>(
        call(h, name, view.obj(), py::cast(extra, py::return_value_policy::copy)...), name,
        type_name);
  }
  std::string label_;
  std::optional<double> fixed_;
};

// The agents' decision points: one call per task (rank, choose) or per check (renew).
class PyOrdering : public AgentsOrdering, PyPolicyBase {
 public:
  PyOrdering(py::object obj, std::string what) : PyPolicyBase(std::move(obj), std::move(what)) {
    if (hook("rank").is_none()) throw DecisionError("the policy has no rank(task) method");
  }
  double rank(const AgentTask& task) override {
    PythonCall guard(&what_);
    py::object r = call(hooks_.at("rank"), "rank", py::cast(task));
    if (!py::isinstance<py::int_>(r) && !py::isinstance<py::float_>(r))
      throw DecisionError("rank() returned a value of type " + type_name(r) + ", not a number");
    return r.cast<double>();
  }
};

class PyMapping : public AgentsMapping, PyPolicyBase {
 public:
  PyMapping(py::object obj, std::string what) : PyPolicyBase(std::move(obj), std::move(what)) {
    if (hook("choose").is_none()) throw DecisionError("the policy has no choose(view) method");
  }
  ~PyMapping() {
    py::gil_scoped_acquire gil;
    cache_.clear();
    resource_class_ = py::object();
  }
  int choose(const MappingView& v) override {
    PythonCall guard(&what_);
    if (!resource_class_) resource_class_ = py::module_::import("botsim").attr("AgentResource");
    // Each resource is one immutable Python object, kept while its speed and allocation end
    // stay the same: a call then costs a list of references, not an object per resource.
    const auto& shown = v.unoccupied();
    py::list list(shown.size());
    for (std::size_t i = 0; i < shown.size(); ++i) {
      const AgentResource& r = shown[i];
      Cached& c = cache_[r.id];
      if (!c.obj || c.speed_mips != r.speed_mips || c.alloc_end != r.alloc_end)
        c = Cached{r.speed_mips, r.alloc_end, resource_class_(r.id, r.speed_mips, r.alloc_end)};
      list[i] = c.obj;
    }
    MappingViewRef ref;
    ref.p = &v;
    ref.unoccupied = std::move(list);
    py::object view = py::cast(std::move(ref));
    struct Invalidate {  // the view is valid during the call only
      py::object& view;
      ~Invalidate() {
        auto& r = view.cast<MappingViewRef&>();
        r.p = nullptr;
        r.unoccupied = py::object();
      }
    } invalidate{view};
    py::object r = call(hooks_.at("choose"), "choose", view);
    if (!py::isinstance<py::int_>(r) || py::isinstance<py::bool_>(r))
      throw DecisionError("choose() returned a value of type " + type_name(r) +
                          ", not a resource id");
    return r.cast<int>();
  }

 private:
  struct Cached {
    double speed_mips = 0, alloc_end = 0;
    py::object obj;
  };
  std::unordered_map<int, Cached> cache_;
  py::object resource_class_;
};

class PyAllocation : public AgentsAllocation, PyPolicyBase {
 public:
  PyAllocation(py::object obj, std::string what) : PyPolicyBase(std::move(obj), std::move(what)) {
    if (hook("renew").is_none()) throw DecisionError("the policy has no renew(check) method");
    initial_ = py::getattr(obj_, "initial_slots", py::int_(1)).cast<long>();
    in_advance_ = py::getattr(obj_, "paid_in_advance", py::bool_(false)).cast<bool>();
    at_end_ = py::getattr(obj_, "checks_at_end", py::bool_(false)).cast<bool>();
  }
  long initial_slots(const AllocationSetup&) const override { return initial_; }
  bool paid_in_advance() const override { return in_advance_; }
  bool checks_at_end() const override { return at_end_; }
  long renew(const AllocationCheck& check) override {
    PythonCall guard(&what_);
    py::object r = call(hooks_.at("renew"), "renew", py::cast(check));
    if (r.is_none()) return 0;
    if (!py::isinstance<py::int_>(r) || py::isinstance<py::bool_>(r))
      throw DecisionError("renew() returned a value of type " + type_name(r) +
                          ", not a whole number of slots (or None)");
    return r.cast<long>();
  }

 private:
  long initial_ = 1;
  bool in_advance_ = false, at_end_ = false;
};

// ---- declaring policies ----

// The file being loaded, whose registrar the decorators use.
OriginRegistrar* g_loading = nullptr;

// Python objects kept for the rest of the process (the interpreter is never finalized, and a
// registry entry may be destroyed after it at exit): never freed.
std::vector<py::object>& kept() {
  static auto* objects = new std::vector<py::object>;
  return *objects;
}

// Builds the Python policy object: factory(props, setup); a bad prop comes out as botsim's
// InputError.
template <class Setup>
py::object build(py::object& factory, const Props& props, const Setup* setup,
                 const std::string& what) {
  PythonCall guard(&what);
  Lent<PropsRef, Props> p(props);
  try {
    return factory(p.obj(), setup ? py::cast(*setup) : py::none());
  } catch (py::error_already_set& e) {
    if (e.matches(py::module_::import("botsim").attr("PropError")))
      throw InputError(py::str(e.value()).cast<std::string>());
    throw std::runtime_error("raised " + describe_python_error(e));
  }
}

void declare(const std::string& point, const std::string& name, const std::string& description,
             const py::object& factory) {
  if (!g_loading)
    throw std::runtime_error("botsim." + point +
                             "() declares policies only while botsim loads a --plugin file");
  // kept() may grow: the factory is held by its index.
  kept().push_back(factory);
  const size_t index = kept().size() - 1;
  const std::string what = "policy '" + name + "' (" + point + ") of " + g_loading->origin();
  const auto built = [index, what](const Props& props, const auto* setup) {
    return build(kept()[index], props, setup, what);
  };
  const CloudSetup* no_setup = nullptr;
  // The C++ policy around the Python object, built under the GIL (its constructor reads it).
  const auto wrap = [what](py::object obj, auto* tag) {
    using Py = std::remove_pointer_t<decltype(tag)>;
    py::gil_scoped_acquire gil;
    try {
      return std::make_unique<Py>(std::move(obj), what);
    } catch (py::error_already_set& e) {
      throw std::runtime_error("raised " + describe_python_error(e));
    }
  };
  if (point == "auction")
    g_loading->auction(name, description, [=](const Props& props) {
      return wrap(built(props, no_setup), static_cast<PyAuction*>(nullptr));
    });
  else if (point == "cloud-provisioning")
    g_loading->provisioning(name, description, [=](const Props& props, const CloudSetup& setup) {
      return wrap(built(props, &setup), static_cast<PyProvisioning*>(nullptr));
    });
  else if (point == "agents-ordering")
    g_loading->ordering(name, description, [=](const Props& props) {
      return wrap(built(props, no_setup), static_cast<PyOrdering*>(nullptr));
    });
  else if (point == "agents-mapping")
    g_loading->mapping(name, description, [=](const Props& props) {
      return wrap(built(props, no_setup), static_cast<PyMapping*>(nullptr));
    });
  else
    g_loading->allocation(name, description, [=](const Props& props, const AllocationSetup& setup) {
      return wrap(built(props, &setup), static_cast<PyAllocation*>(nullptr));
    });
}

// The Python half of the module: the decorators and the error text.
const char* const kModuleSource = R"PY(
import collections as _collections
import inspect as _inspect
import traceback as _traceback


class AgentResource(_collections.namedtuple("AgentResource", "id speed_mips alloc_end")):
    """A resource agent held for the BoT, as a mapping policy sees it (read-only)."""
    __slots__ = ()

    def remaining_allocation(self, now):
        """The paper's "current remaining allocation time" at now."""
        return self.alloc_end - now


class PolicyTimeout(BaseException):
    """Raised in a policy that runs past --policy-timeout."""


class PropError(Exception):
    """A bad prop, as botsim words it."""


class RegistrationError(Exception):
    """A policy that cannot be declared (a bad or taken name)."""


def _factory(make):
    try:
        takes = len(_inspect.signature(make).parameters)
    except (TypeError, ValueError):
        takes = 0
    if takes >= 2:
        return lambda props, setup: make(props, setup)
    if takes == 1:
        return lambda props, setup: make(props)
    return lambda props, setup: make()


def provisioning(name, description):
    """Declares a cloud provisioning policy: a class (or a function returning an object) with
    start(view) and any of task_ended, check, instance_ready, instance_lost,
    interruption_notice, takes_task, after_dispatch. Built once per user, given the actor's props and the user's setup (what it
    takes of them: make(), make(props) or make(props, setup))."""
    def declare(make):
        _declare("cloud-provisioning", name, description, _factory(make))
        return make
    return declare


def auction(name, description):
    """Declares an auction broker policy: a class with start(view), place(view, tasks) and,
    optionally, interval(view)."""
    def declare(make):
        _declare("auction", name, description, _factory(make))
        return make
    return declare


def ordering(name, description):
    """Declares an agents task ordering (Table 1's kind): a class with rank(task), the task's
    rank (tasks go by increasing rank, ties in the bag's order)."""
    def declare(make):
        _declare("agents-ordering", name, description, _factory(make))
        return make
    return declare


def mapping(name, description):
    """Declares an agents mapping policy (Table 2's kind): a class with choose(view), the id of
    one of view.unoccupied for view.task."""
    def declare(make):
        _declare("agents-mapping", name, description, _factory(make))
        return make
    return declare


def allocation(name, description):
    """Declares an agents allocation mechanism: a class with renew(check), the slots added at a
    resource's check (0 or None releases it), and optionally the attributes initial_slots (1),
    paid_in_advance (False) and checks_at_end (False). Built given the props and the setup
    (make(props, setup): setup.slot_s, setup.threshold_s, setup.fixed_hours)."""
    def declare(make):
        _declare("agents-allocation", name, description, _factory(make))
        return make
    return declare


def _line(tb):
    frames = [f for f in _traceback.extract_tb(tb) if f.filename != "<botsim>"]
    return frames[-1].lineno if frames else None


def _describe(kind, value, tb):
    last = _traceback.format_exception_only(kind, value)[-1].strip()
    frames = [f for f in (_traceback.extract_tb(tb) if tb is not None else [])
              if f.filename != "<botsim>"]
    if frames:
        f = frames[-1]
        return "%s (%s, line %d, in %s)" % (last, f.filename, f.lineno, f.name)
    return last
)PY";

}  // namespace

}  // namespace botsim::policy

// The `botsim` module of Python policies.
PYBIND11_EMBEDDED_MODULE(botsim, m) {
  using namespace botsim::policy;
  m.doc() = "botsim's policies in Python (docs/policies.md)";
  m.attr("version") = BOTSIM_POLICY_VERSION;

  py::class_<RandomRef>(m, "Random", "the user's own random stream: draw from it only")
      .def(
          "index", [](const RandomRef& r, std::size_t n) { return r.get().index(n); },
          "a whole number in [0, n)")
      .def(
          "integer",
          [](const RandomRef& r, long long lo, long long hi) { return r.get().integer(lo, hi); },
          "a whole number in [lo, hi]")
      .def(
          "uniform", [](const RandomRef& r) { return r.get().uniform(); }, "a number in [0, 1)")
      .def("permutation", [](const RandomRef& r, std::size_t n) { return r.get().permutation(n); })
      .def(
          "shuffle",
          [](const RandomRef& r, py::list items) {
            const auto p = r.get().permutation(items.size());
            py::list copy(items.size());
            for (std::size_t i = 0; i < p.size(); ++i) copy[i] = items[p[i]];
            for (std::size_t i = 0; i < p.size(); ++i) items[i] = copy[i];
          },
          "shuffles a list in place (as C++'s Random::shuffle)")
      .def("choice", [](const RandomRef& r, py::sequence items) {
        return items[r.get().index(items.size())];
      });

  py::class_<PropsRef>(m, "Props", "the deployment props of the actor that names the policy")
      .def("has", [](const PropsRef& p, const std::string& k) { return p.get().has(k); })
      .def(
          "text",
          [](const PropsRef& p, const std::string& k, std::optional<std::string> d) {
            return p.get().text(k, d);
          },
          py::arg("key"), py::arg("default") = py::none())
      .def(
          "choice",
          [](const PropsRef& p, const std::string& k, std::vector<std::string> allowed,
             std::optional<std::string> d) { return p.get().choice(k, allowed, d); },
          py::arg("key"), py::arg("allowed"), py::arg("default") = py::none())
      .def(
          "number",
          [](const PropsRef& p, const std::string& k, std::optional<double> d, double lo,
             double hi) { return p.get().number(k, d, lo, hi); },
          py::arg("key"), py::arg("default") = py::none(),
          py::arg("min") = -std::numeric_limits<double>::infinity(),
          py::arg("max") = std::numeric_limits<double>::infinity())
      .def(
          "integer",
          [](const PropsRef& p, const std::string& k, std::optional<long long> d, long long lo,
             long long hi) { return p.get().integer(k, d, lo, hi); },
          py::arg("key"), py::arg("default") = py::none(),
          py::arg("min") = std::numeric_limits<long long>::min(),
          py::arg("max") = std::numeric_limits<long long>::max())
      .def(
          "duration",
          [](const PropsRef& p, const std::string& k, std::optional<double> d, double lo) {
            return p.get().duration(k, d, lo);
          },
          py::arg("key"), py::arg("default") = py::none(), py::arg("min") = 0.0)
      .def(
          "money",
          [](const PropsRef& p, const std::string& k, std::optional<double> d, double lo) {
            return p.get().money(k, d, lo);
          },
          py::arg("key"), py::arg("default") = py::none(), py::arg("min") = 0.0)
      .def("fail", [](const PropsRef& p, const std::string& k, const std::string& problem) {
        p.get().fail(k, problem);
      });

  // ---- cloud provisioning ----
  py::class_<InstanceType>(m, "InstanceType")
      .def_readonly("name", &InstanceType::name)
      .def_readonly("speed_mips", &InstanceType::speed_mips)
      .def_readonly("cores", &InstanceType::cores)
      .def_readonly("price", &InstanceType::price)
      .def_readonly("atu_s", &InstanceType::atu_s)
      .def_readonly("boot_s", &InstanceType::boot_s)
      .def_readonly("max_count", &InstanceType::max_count)
      .def_readonly("spot", &InstanceType::spot);
  py::class_<Slot>(m, "Slot")
      .def_readonly("task", &Slot::task)
      .def_readonly("start_s", &Slot::start_s)
      .def("idle", &Slot::idle);
  py::class_<Instance>(m, "Instance")
      .def_readonly("name", &Instance::name)
      .def_readonly("type", &Instance::type)
      .def_readonly("requested_s", &Instance::requested_s)
      .def_readonly("ready_s", &Instance::ready_s)
      .def_readonly("paid_until_s", &Instance::paid_until_s)
      .def_readonly("ready", &Instance::ready)
      .def_readonly("stopping", &Instance::stopping)
      .def_readonly("used", &Instance::used)
      .def_property_readonly("market", [](const Instance& i) { return market_name(i.market); })
      .def_readonly("max_price", &Instance::max_price)
      .def_readonly("reclaim_s", &Instance::reclaim_s)
      .def_readonly("reserved", &Instance::reserved)
      .def_readonly("busy", &Instance::busy)
      .def_readonly("slots", &Instance::slots)
      .def("idle", &Instance::idle);
  py::class_<TaskEnd>(m, "TaskEnd")
      .def_readonly("task", &TaskEnd::task)
      .def_readonly("instance", &TaskEnd::instance)
      .def_readonly("start_s", &TaskEnd::start_s)
      .def_readonly("end_s", &TaskEnd::end_s)
      .def("seconds", &TaskEnd::seconds);
  py::class_<InstanceLoss>(m, "InstanceLoss")
      .def_readonly("instance", &InstanceLoss::instance)
      .def_readonly("type", &InstanceLoss::type)
      .def_readonly("refused", &InstanceLoss::refused)
      .def_readonly("for_good", &InstanceLoss::for_good)
      .def_readonly("reason", &InstanceLoss::reason)
      .def_readonly("lost_tasks", &InstanceLoss::lost_tasks)
      .def_readonly("interrupted", &InstanceLoss::interrupted);
  py::class_<CloudSetup>(m, "CloudSetup", "what a cloud user is when its policy is built")
      .def_readonly("user", &CloudSetup::user)
      .def_readonly("task_type", &CloudSetup::task_type)
      .def_readonly("types", &CloudSetup::types)
      .def_property_readonly("task_times", [](const CloudSetup& s) {
        return s.task_times ? *s.task_times : std::vector<double>{};
      });
  py::class_<CloudViewRef>(m, "CloudView", "what a provisioning policy sees, during its call")
      .def_property_readonly("now", [](const CloudViewRef& v) { return v.get().now(); })
      .def_property_readonly("user", [](const CloudViewRef& v) { return v.get().user(); })
      .def_property_readonly("start_s", [](const CloudViewRef& v) { return v.get().start_s(); })
      .def_property_readonly("tasks_total",
                             [](const CloudViewRef& v) { return v.get().tasks_total(); })
      .def_property_readonly("tasks_done",
                             [](const CloudViewRef& v) { return v.get().tasks_done(); })
      .def_property_readonly("tasks_running",
                             [](const CloudViewRef& v) { return v.get().tasks_running(); })
      .def_property_readonly("tasks_waiting",
                             [](const CloudViewRef& v) { return v.get().tasks_waiting(); })
      .def_property_readonly("done_seconds",
                             [](const CloudViewRef& v) { return v.get().done_seconds(); })
      .def_property_readonly("task_type", [](const CloudViewRef& v) { return v.get().task_type(); })
      .def_property_readonly("types", [](const CloudViewRef& v) { return v.get().types(); })
      .def_property_readonly("instances", [](const CloudViewRef& v) { return v.get().instances(); })
      .def_property_readonly("idle_instances",
                             [](const CloudViewRef& v) { return v.get().idle_instances(); })
      .def_property_readonly("live", [](const CloudViewRef& v) { return v.get().live(); })
      .def_property_readonly("active", [](const CloudViewRef& v) { return v.get().active(); })
      .def_property_readonly("spent", [](const CloudViewRef& v) { return v.get().spent(); })
      .def_property_readonly("budget", [](const CloudViewRef& v) { return v.get().budget(); })
      .def_property_readonly("deadline_s",
                             [](const CloudViewRef& v) { return v.get().deadline_s(); })
      .def(
          "spot_price",
          [](const CloudViewRef& v, const std::string& type) { return v.get().spot_price(type); },
          py::arg("type"))
      .def_property_readonly(
          "random",
          [](const CloudViewRef& v) {
            return RandomRef{&v, nullptr, nullptr};
          },
          py::keep_alive<0, 1>());
  py::class_<CloudDecision>(m, "CloudDecision", "what a provisioning policy decides")
      .def(py::init<>())
      .def("start_instances",
           [](py::object self, const std::string& type, long count) {
             self.cast<CloudDecision&>().start_instances(type, count);
             return self;
           })
      .def(
          "start_spot_instances",
          [](py::object self, const std::string& type, long count,
             std::optional<double> max_price) {
            self.cast<CloudDecision&>().start_spot_instances(type, count, max_price);
            return self;
          },
          py::arg("type"), py::arg("count"), py::arg("max_price") = py::none())
      .def("stop_instance",
           [](py::object self, const std::string& instance) {
             self.cast<CloudDecision&>().stop_instance(instance);
             return self;
           })
      .def("stop_instance_at",
           [](py::object self, const std::string& instance, double time) {
             self.cast<CloudDecision&>().stop_instance_at(instance, time);
             return self;
           })
      .def("stop_user",
           [](py::object self, const std::string& status, const std::string& reason) {
             self.cast<CloudDecision&>().stop_user(status, reason);
             return self;
           })
      .def("empty", &CloudDecision::empty);

  // ---- auction ----
  py::class_<AuctionResource>(m, "AuctionResource")
      .def_readonly("index", &AuctionResource::index)
      .def_readonly("name", &AuctionResource::name)
      .def_readonly("pe", &AuctionResource::pe)
      .def_readonly("mips_per_pe", &AuctionResource::mips_per_pe)
      .def_readonly("min_bid", &AuctionResource::min_bid)
      .def_readonly("max_bid", &AuctionResource::max_bid)
      .def_readonly("surcharge", &AuctionResource::surcharge)
      .def_readonly("local", &AuctionResource::local)
      .def_readonly("open", &AuctionResource::open)
      .def_readonly("failed", &AuctionResource::failed)
      .def_readonly("bid", &AuctionResource::bid)
      .def_readonly("outstanding", &AuctionResource::outstanding)
      .def_readonly("has_progress", &AuctionResource::has_progress)
      .def_readonly("share_mips", &AuctionResource::share_mips)
      .def_readonly("remaining_mi", &AuctionResource::remaining_mi)
      .def_readonly("reported_bid", &AuctionResource::reported_bid)
      .def_readonly("queued", &AuctionResource::queued)
      .def_readonly("balance", &AuctionResource::balance)
      .def_readonly("charged", &AuctionResource::charged)
      .def_readonly("in_round", &AuctionResource::in_round)
      .def("capability", &AuctionResource::capability)
      .def("avg_bid", &AuctionResource::avg_bid);
  py::class_<AuctionViewRef>(m, "AuctionView", "what an auction policy sees, during its call")
      .def_property_readonly("now", [](const AuctionViewRef& v) { return v.get().now(); })
      .def_property_readonly("user", [](const AuctionViewRef& v) { return v.get().user(); })
      .def_property_readonly("start_s", [](const AuctionViewRef& v) { return v.get().start_s(); })
      .def_property_readonly("deadline_s",
                             [](const AuctionViewRef& v) { return v.get().deadline_s(); })
      .def_property_readonly("time_left",
                             [](const AuctionViewRef& v) { return v.get().time_left(); })
      .def_property_readonly("bid_interval_s",
                             [](const AuctionViewRef& v) { return v.get().bid_interval_s(); })
      .def_property_readonly("fund", [](const AuctionViewRef& v) { return v.get().fund(); })
      .def_property_readonly("wallet", [](const AuctionViewRef& v) { return v.get().wallet(); })
      .def_property_readonly("spent", [](const AuctionViewRef& v) { return v.get().spent(); })
      .def_property_readonly("lengths", [](const AuctionViewRef& v) { return v.get().lengths(); })
      .def_property_readonly("tasks",
                             [](const AuctionViewRef& v) { return v.get().lengths().size(); })
      .def_property_readonly("tasks_done",
                             [](const AuctionViewRef& v) { return v.get().tasks_done(); })
      .def("task_done", [](const AuctionViewRef& v, long t) { return v.get().task_done(t); })
      .def_property_readonly("held", [](const AuctionViewRef& v) { return v.get().held(); })
      .def_property_readonly("resources",
                             [](const AuctionViewRef& v) { return v.get().resources(); })
      .def_property_readonly(
          "random",
          [](const AuctionViewRef& v) {
            return RandomRef{nullptr, &v, nullptr};
          },
          py::keep_alive<0, 1>());
  py::class_<AuctionPlan>(m, "AuctionPlan", "accounts to open and tasks to submit, in order")
      .def(py::init<>())
      .def("open",
           [](py::object self, std::size_t resource, double bid) {
             self.cast<AuctionPlan&>().open(resource, bid);
             return self;
           })
      .def("submit",
           [](py::object self, long task, std::size_t resource) {
             self.cast<AuctionPlan&>().submit(task, resource);
             return self;
           })
      .def("hold_back", [](py::object self, long task) {
        self.cast<AuctionPlan&>().hold_back(task);
        return self;
      });
  py::class_<AuctionRound>(m, "AuctionRound", "a bidding interval's tasks and bids")
      .def(py::init<>())
      .def("submit",
           [](py::object self, long task, std::size_t resource) {
             self.cast<AuctionRound&>().submit(task, resource);
             return self;
           })
      .def("bid",
           [](py::object self, std::size_t resource, double bid) {
             self.cast<AuctionRound&>().bid(resource, bid);
             return self;
           })
      .def("hand_out", [](py::object self, long task) {
        self.cast<AuctionRound&>().hand_out(task);
        return self;
      });

  // ---- the agents ----
  py::class_<AgentTask>(m, "AgentTask", "a task of the consumer's BoT (id: its place in the bag)")
      .def_readonly("id", &AgentTask::id)
      .def_readonly("size_mi", &AgentTask::size_mi);
  // AgentResource is a Python class (kModuleSource): an immutable named tuple.
  py::class_<MappingViewRef>(m, "MappingView", "what a mapping policy sees, during its call")
      .def_property_readonly("now", [](const MappingViewRef& v) { return v.get().now(); })
      .def_property_readonly("task", [](const MappingViewRef& v) { return v.get().task(); })
      .def_property_readonly("unoccupied",
                             [](const MappingViewRef& v) {
                               v.get();  // valid during the call only
                               return v.unoccupied;
                             })
      .def_property_readonly(
          "random",
          [](const MappingViewRef& v) {
            return RandomRef{nullptr, nullptr, &v};
          },
          py::keep_alive<0, 1>());
  py::class_<AllocationSetup>(m, "AllocationSetup", "what an allocation mechanism is given")
      .def_readonly("slot_s", &AllocationSetup::slot_s)
      .def_readonly("threshold_s", &AllocationSetup::threshold_s)
      .def_readonly("fixed_hours", &AllocationSetup::fixed_hours);
  py::class_<AllocationCheck>(m, "AllocationCheck", "a resource at its allocation check")
      .def_readonly("resource", &AllocationCheck::resource)
      .def_readonly("now", &AllocationCheck::now)
      .def_readonly("alloc_end", &AllocationCheck::alloc_end)
      .def_readonly("busy", &AllocationCheck::busy)
      .def_readonly("bot_finished", &AllocationCheck::bot_finished)
      .def_readonly("tasks_unsent", &AllocationCheck::tasks_unsent)
      .def_readonly("tasks_running", &AllocationCheck::tasks_running);

  m.def("_declare", &declare);
  py::module_ builtins = py::module_::import("builtins");
  builtins.attr("exec")(builtins.attr("compile")(kModuleSource, "<botsim>", "exec"),
                        m.attr("__dict__"));
  // A bad prop read from Python: botsim's message, as botsim.PropError.
  static py::object prop_error = m.attr("PropError");
  static py::object registration_error = m.attr("RegistrationError");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const botsim::InputError& e) {
      PyErr_SetString(prop_error.ptr(), e.what());
    } catch (const RegistrationError& e) {
      PyErr_SetString(registration_error.ptr(), e.what());
    }
  });
}

namespace botsim::policy {

namespace {

void start_python() {
  static bool started = false;
  if (started) return;
  started = true;
  // No signal handlers: botsim keeps its own (SIGINT stops runs and cleans up).
  py::initialize_interpreter(false);
  try {
    py::module_::import("botsim");
  } catch (py::error_already_set& e) {
    const py::object cause = py::getattr(e.value(), "__cause__", py::none());
    throw std::logic_error(
        "the botsim module of Python policies did not start: " +
        (cause.is_none() ? std::string(e.what()) : py::repr(cause).cast<std::string>()));
  }
  PyEval_SaveThread();  // each call takes the GIL (PythonCall)
}

// "line 3: SyntaxError: invalid syntax" and the like, from an exception raised while loading.
std::string load_error(py::error_already_set& e) {
  if (e.matches(PyExc_SyntaxError)) {
    py::object v = e.value();
    const auto line = py::getattr(v, "lineno", py::none());
    const std::string msg = py::str(py::getattr(v, "msg", py::str(""))).cast<std::string>();
    return (line.is_none() ? std::string() : "line " + py::str(line).cast<std::string>() + ": ") +
           "SyntaxError: " + msg;
  }
  return "raised " + describe_python_error(e);
}

}  // namespace

void load_python_plugin(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "", "cannot read the file");
  std::stringstream text;
  text << in.rdbuf();
  start_python();
  OriginRegistrar registrar(path);
  const std::string what = path + " (while loading)";
  std::string failure;
  {
    PythonCall guard(&what);
    g_loading = &registrar;
    try {
      py::module_ sys = py::module_::import("sys");
      const std::string dir = std::filesystem::path(path).parent_path().string();
      py::list sys_path = sys.attr("path");
      if (!sys_path.contains(dir)) sys_path.insert(0, dir);
      py::dict globals;
      globals["__name__"] = "botsim_plugin_" + std::filesystem::path(path).stem().string();
      globals["__file__"] = path;
      globals["__builtins__"] = py::module_::import("builtins");
      py::module_ builtins = py::module_::import("builtins");
      builtins.attr("exec")(builtins.attr("compile")(text.str(), path, "exec", 0, true), globals);
      kept().push_back(globals);
    } catch (py::error_already_set& e) {
      py::module_ botsim = py::module_::import("botsim");
      if (e.matches(botsim.attr("RegistrationError"))) {
        py::object where = botsim.attr("_line")(e.trace());
        failure = (where.is_none() ? "" : "line " + py::str(where).cast<std::string>() + ": ") +
                  py::str(e.value()).cast<std::string>();
      } else
        failure = e.matches(botsim.attr("PolicyTimeout"))
                      ? "did not finish loading within " + seconds_text(policy_timeout()) +
                            " s of wall-clock time (--policy-timeout)"
                      : load_error(e);
    }
    g_loading = nullptr;
  }
  if (!failure.empty()) throw InputError(path, "", failure);
  if (registrar.added().empty())
    throw InputError(path, "",
                     "declares no policy (declare one with @botsim.provisioning(...), "
                     "@botsim.auction(...), @botsim.ordering(...), @botsim.mapping(...) or "
                     "@botsim.allocation(...), docs/policies.md)");
}

}  // namespace botsim::policy
