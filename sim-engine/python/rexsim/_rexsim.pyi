"""Type stubs for the C extension rexsim._rexsim (sim-engine/python/_rexsim.c).

Keep in step with its method tables (mod_methods, Result_methods,
Result_getset) and mod_exec; the catalogue's shape is in ._types.
"""

from typing import Any, Final, SupportsIndex, TypeAlias, TypedDict, final

import numpy.typing as npt
from typing_extensions import Buffer

from ._types import EngineCatalog, MetricValue

#: a writable buffer of at least 8 bytes, 8-byte aligned (numpy's stubs make
#: an ndarray a Buffer only from Python 3.12, hence the second member)
_ProgressBuffer: TypeAlias = Buffer | npt.NDArray[Any]

ENGINE_VERSION: Final[str]

class FieldError(TypedDict):
    """One error of a scenario: the field's path and what is wrong with it."""

    path: str
    detail: str

class ScenarioError(ValueError):
    """An invalid scenario: .path names the (first) field, the message states the
    limit; .errors lists every error the engine found, in the scenario's order."""

    #: the first field's path, e.g. "flows[0].tcp.mss" ("scenario" for the whole)
    path: str
    #: the first message without the path
    detail: str
    #: every error found (at most 16; the message counts the rest)
    errors: list[FieldError]

@final
class Column:
    """A read-only trace column; use memoryview() or numpy.frombuffer()."""

    def __len__(self) -> int: ...
    # the buffer protocol (a Python-level method only from 3.12, as for bytes in typeshed)
    def __buffer__(self, flags: int, /) -> memoryview: ...

@final
class Result:
    """The outcome of one simulation run."""

    def metrics(self, i: SupportsIndex, /) -> dict[str, MetricValue]: ...
    def episodes(self, i: SupportsIndex, /) -> list[dict[str, MetricValue]]: ...
    def columns(self) -> dict[str, Column]: ...
    @property
    def truncated(self) -> bool: ...
    @property
    def truncated_reason(self) -> str | None: ...
    @property
    def events(self) -> int: ...
    @property
    def samples(self) -> int: ...
    @property
    def trace_truncated(self) -> bool: ...
    @property
    def invariant_violations(self) -> int: ...
    @property
    def sim_end_ns(self) -> int: ...
    @property
    def n_flows(self) -> int: ...
    @property
    def n_trace(self) -> int: ...

def run(scenario: dict[str, Any], progress: _ProgressBuffer | None = None) -> Result: ...
def run_repeat(scenario: dict[str, Any], n: SupportsIndex, /) -> tuple[int, Result]: ...
def catalog() -> EngineCatalog: ...
def normalize(scenario: dict[str, Any], /) -> dict[str, Any]: ...
