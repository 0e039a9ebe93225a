"""Record classes that are cheap to define: the ``dataclasses`` behaviour, without its cost.

``@dataclass`` builds each class's methods by ``exec``-ing generated source (~1 ms for a frozen,
ordered class) and ``import dataclasses`` pulls in ``inspect``, ``dis`` and ``tokenize`` (~8 ms):
at start-up that was ~30 ms of a ~0.11 s run. :func:`record` adds the same methods built
from closures over the field names instead (a few microseconds a class). A record class spells
out what ``@dataclass`` would generate from annotations:

* ``__slots__``: the field names, in order (the decorator reads the fields from it);
* ``__init__``, written by hand: one parameter per field, same names in field order (checked
  when the class is decorated: ``replace`` and pickling call it), with the dataclass's
  defaults. A frozen record sets its fields with :data:`set_field` (``object.__setattr__``,
  as dataclasses do). A mutable default (``field(default_factory=list)``) is a ``None``
  default that ``__init__`` replaces with a fresh value (so an explicit None gets one too,
  where a dataclass would keep None).

Being slotted, a record has no ``__dict__``: a mutable one takes no attribute beyond its fields.

The decorator adds, like ``@dataclass`` with the same options: ``__repr__`` (the same text),
``__eq__`` (same class, equal field tuples), ``__hash__`` (frozen: the field tuple's hash;
mutable with ``eq``: unhashable), ``__lt__``/``__le__``/``__gt__``/``__ge__`` (``order``: field
tuples compared), ``__setattr__``/``__delattr__`` raising :class:`FrozenInstanceError` (an
``AttributeError``, as dataclasses' is) for ``frozen``, ``__match_args__``, and ``__reduce__``
(pickle and ``copy``: the class called with the field values). A method the class body defines
itself is kept. :func:`replace` and :func:`fields` stand for ``dataclasses.replace`` and the
names of ``dataclasses.fields``.
"""

from __future__ import annotations

from _thread import get_ident
from operator import attrgetter
from typing import Any, Callable, Optional, TypeVar

T = TypeVar("T")

_MISSING = object()

# Where a frozen record's ``__init__`` sets a field (its own ``__setattr__`` refuses).
set_field = object.__setattr__


class FrozenInstanceError(AttributeError):
    """Assignment to (or deletion of) a field of a frozen record."""


def fields(class_or_instance: Any) -> tuple[str, ...]:
    """The field names of a record class or instance, in order."""
    try:
        return class_or_instance.__record_fields__
    except AttributeError:
        raise TypeError("must be called with a record class or instance") from None


def replace(obj: T, /, **changes: Any) -> T:
    """A new record of ``obj``'s class: ``obj``'s field values, with ``changes`` on top (an
    unknown name is a ``TypeError``, as with ``dataclasses.replace``)."""
    try:
        names = obj.__record_fields__
    except AttributeError:
        raise TypeError("replace() should be called on record instances") from None
    for name in names:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return obj.__class__(**changes)


def _tuple_getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    if len(names) >= 2:
        return attrgetter(*names)  # a tuple, built in C
    if names:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


def _check_init(cls: type, names: tuple[str, ...]) -> None:
    init = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    if code is None:
        raise TypeError(f"record {cls.__qualname__} must define its own __init__")
    params = code.co_varnames[1 : code.co_argcount]
    if params != names or code.co_kwonlyargcount or code.co_flags & 0x0C:  # *args / **kwargs
        raise TypeError(
            f"record {cls.__qualname__}: __init__ parameters {params} must be the fields {names}"
        )


def _add(cls: type, name: str, fn: Callable, qualname: str) -> None:
    if name in cls.__dict__:  # the class's own method wins (as with dataclasses)
        return
    fn.__name__ = name
    fn.__qualname__ = f"{qualname}.{name}"
    setattr(cls, name, fn)


def _decorate(cls: type, frozen: bool, eq: bool, order: bool) -> type:
    slots = cls.__dict__.get("__slots__")
    if slots is None:
        raise TypeError(f"record {cls.__qualname__} must declare its fields in __slots__")
    names = (slots,) if isinstance(slots, str) else tuple(slots)
    _check_init(cls, names)
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    qualname = cls.__qualname__
    # dataclasses' test: a ``__hash__ = None`` that Python set because the body defines
    # ``__eq__`` is not the class's own.
    own_hash = cls.__dict__.get("__hash__", _MISSING)
    explicit_hash = not (own_hash is _MISSING or (own_hash is None and "__eq__" in cls.__dict__))
    values = _tuple_getter(names)
    cls.__record_fields__ = names
    if "__match_args__" not in cls.__dict__:
        cls.__match_args__ = names
    running: set = set()

    def __repr__(self):
        key = id(self), get_ident()
        if key in running:  # a record that contains itself (reprlib.recursive_repr's answer)
            return "..."
        running.add(key)
        try:
            parts = ", ".join(f"{n}={v!r}" for n, v in zip(names, values(self)))
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({parts})"

    def __reduce__(self):
        return self.__class__, values(self)

    _add(cls, "__repr__", __repr__, qualname)
    _add(cls, "__reduce__", __reduce__, qualname)
    if eq:

        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return values(self) == values(other)
            return NotImplemented

        _add(cls, "__eq__", __eq__, qualname)
    if order:

        def __lt__(self, other):
            if other.__class__ is self.__class__:
                return values(self) < values(other)
            return NotImplemented

        def __le__(self, other):
            if other.__class__ is self.__class__:
                return values(self) <= values(other)
            return NotImplemented

        def __gt__(self, other):
            if other.__class__ is self.__class__:
                return values(self) > values(other)
            return NotImplemented

        def __ge__(self, other):
            if other.__class__ is self.__class__:
                return values(self) >= values(other)
            return NotImplemented

        for fn in (__lt__, __le__, __gt__, __ge__):
            if fn.__name__ in cls.__dict__:
                raise TypeError(f"cannot overwrite {fn.__name__} of ordered record {qualname}")
            _add(cls, fn.__name__, fn, qualname)
    # dataclasses' hash rules (unsafe_hash=False): frozen + eq: the field tuple's hash; eq
    # alone: unhashable; no eq, or a ``__hash__`` of the class's own: left as it is.
    if eq and not explicit_hash:
        if frozen:

            def __hash__(self):
                return hash(values(self))

            __hash__.__qualname__ = f"{qualname}.__hash__"
            cls.__hash__ = __hash__
        else:
            cls.__hash__ = None
    if frozen:
        if "__setattr__" in cls.__dict__ or "__delattr__" in cls.__dict__:
            raise TypeError(f"cannot overwrite __setattr__/__delattr__ of frozen record {qualname}")
        field_set = frozenset(names)

        def __setattr__(self, name, value):
            if type(self) is cls or name in field_set:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)

        def __delattr__(self, name):
            if type(self) is cls or name in field_set:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)

        _add(cls, "__setattr__", __setattr__, qualname)
        _add(cls, "__delattr__", __delattr__, qualname)
    return cls


def record(
    cls: Optional[type] = None, /, *, frozen: bool = False, eq: bool = True, order: bool = False
):
    """Class decorator: the class (fields in ``__slots__``, a hand-written ``__init__``) gets
    the methods ``@dataclass(frozen=..., eq=..., order=...)`` would give it."""
    if cls is not None:
        return _decorate(cls, frozen, eq, order)
    return lambda c: _decorate(c, frozen, eq, order)
