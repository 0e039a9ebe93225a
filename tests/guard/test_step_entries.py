"""One step of the H200 benchmark rows runs exactly the intended guard code (real sglang 0.5.23).

``tests/guard/step_entries.py`` counts, with ``sys.setprofile``, every kvguard function entered
during one step's host metadata call (``init_forward_metadata_out_graph``) on the real backends the
GPU benchmark measures. Intended per step: one wrapper shell and nothing else — the steady-state
check is inline in the shell (no ``enter``, no ``active_pool`` call: the modern wiring's active
pool is read inline); one check where the backend exposes ``_swa_kv_pool`` (TRTLLM), none where
it does not (Triton); no translate shell on these paths; the ``full_to_swa_index_mapping`` probe only once
a frame whose active pool is not SWA has been entered (before that, reads are plain attribute
reads). A second wrapper in a ``super()`` chain, a per-layer check, an eager probe or any new
guard function on the step's path makes this fail.

The legacy wiring (sglang <= 0.5.12, real 0.5.12.post1 overlay) likewise: a graph replay and an
eager metadata call enter one backend shell each, no ``enter`` and no ``active_pool`` (its pool
is read inline: ``guardrails/wiring/legacy.py``), plus the translate shell of the translation
the legacy target itself makes there.
"""

import pytest

from tests.guard.conftest import run_json

pytestmark = pytest.mark.sglang

ONE_CHECK = {"backend_shell": 1, "checks": 1}


@pytest.fixture(scope="module")
def entries():
    rc, data, stderr = run_json("0.5.23", ["-m", "tests.guard.step_entries"])
    assert rc == 0, stderr[-3000:]
    return data


def test_trtllm_steps_enter_the_check_once(entries):
    assert entries["trtllm target decode"] == ONE_CHECK
    assert entries["trtllm eagle-draft draft-extend"] == ONE_CHECK


def test_triton_step_enters_the_wrapper_once_and_checks_nothing(entries):
    assert entries["triton target decode"] == {"backend_shell": 1, "checks": 0}


def test_mapping_probe_is_armed_by_the_first_full_pool_frame_only(entries):
    assert entries["probes_armed_before_draft"] is False
    assert entries["probes_armed_after_draft"] is True
    # once armed, Triton's per-step read of the SWA pool's map goes through the probe (one call)
    assert entries["triton target decode, probes armed"] == {
        "backend_shell": 1,
        "mapping_probe": 1,
        "checks": 0,
    }
    assert entries["violations"] == 0


def test_legacy_steps_enter_the_shell_only():
    rc, data, stderr = run_json("0.5.12.post1", ["-m", "tests.guard.step_entries", "--legacy"])
    assert rc == 0, stderr[-3000:]
    assert data["modern_api"] is False
    # the legacy TRTLLM target translates its own indices through its SWA pool in these calls:
    # that translation enters the translate shell (the behavioural check's wrapper), once
    legacy_step = {"backend_shell": 1, "translate_shell": 1, "checks": 1}
    assert data["trtllm target replay"] == legacy_step
    assert data["trtllm target eager metadata"] == legacy_step
    assert data["violations"] == 0
