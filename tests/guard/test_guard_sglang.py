"""The runtime guard on REAL sglang classes (CPU), across API generations.

Versions: 0.5.23 (modern API, fixed trtllm_mha), 0.5.12.post1 (legacy API, allocator-typed
trtllm_mha = the #25103 bug), 0.5.9 (legacy, no plugin system). Observations come from
tests/guard/scenarios.py run in a subprocess per version; the assertions are here.

Stand-ins (named in tests/support/cpu_stubs.py): the torchvision import stub, the four flashinfer
names (and, for 0.5.9's multi-step backend, the sgl_kernel import stub). Attention kernels do not
run on CPU: where the guard lets a call through, the original method runs until it hits a
CPU-only limit; such calls are "original_reached" and must never be "violation".
"""

import pytest

from tests.guard.conftest import run_json, scenario_results

pytestmark = pytest.mark.sglang

LEGACY_SCENARIOS = [
    "facts",
    "eagle_draft_raise",
    "eagle_draft_warn",
    "consistent_shapes_silent",
    "frozen_26957_shape",
    "off_mode_originals",
    "warn_broken_internals",
    "flashinfer_backend_guarded",
    "invariant_real_pools",
    "per_layer_check",
]
MODERN_SCENARIOS = LEGACY_SCENARIOS
OLDEST_SCENARIOS = ["facts", "eagle_draft_raise", "off_mode_originals", "warn_broken_internals"]

SCENARIOS_BY_VERSION = {
    "0.5.23": MODERN_SCENARIOS,
    "0.5.12.post1": LEGACY_SCENARIOS,
    "0.5.9": OLDEST_SCENARIOS,
}

LEGACY_METADATA = [
    "init_forward_metadata",
    "init_forward_metadata_capture_cuda_graph",
    "init_forward_metadata_replay_cuda_graph",
    "forward_decode",
]
MODERN_METADATA = ["init_forward_metadata", "init_forward_metadata_out_graph", "forward_decode"]

EAGLE_KIND = "swa-pool-on-full-active-pool"
FROZEN_KIND = "swa-active-pool-without-swa-pool"
TRANSLATE_KIND = "swa-translation-on-full-active-pool"


def results(version):
    return scenario_results(version, SCENARIOS_BY_VERSION[version])


def assert_not_violation(outcome, where):
    assert outcome["outcome"] in ("ok", "original_reached"), (where, outcome)


def test_versions_are_the_ones_claimed():
    for version in SCENARIOS_BY_VERSION:
        facts = results(version)["facts"]
        assert facts["version"] == version
        assert facts["modern_api"] is (version == "0.5.23")
        assert facts["has_plugins"] is (version != "0.5.9")


# --- issue case 1: 0.5.12.post1 (and 0.5.9) EAGLE draft --------------------------------------


@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.9"])
def test_case1_eagle_draft_fires_at_first_metadata_call_in_raise_mode(version):
    r = results(version)["eagle_draft_raise"]
    # the real buggy code: the draft translates through the TARGET's SWA pool
    assert r["swa_pool_is_target_pool"] is True and r["flag"] is True
    assert r["state"] == {
        "backend_class": "TRTLLMHAAttnBackend",
        "role": "draft",
        "spec_algorithm": "EAGLE",
        "sglang_version": version,
    }
    for name in LEGACY_METADATA:
        call = r["calls"][name]
        assert call["outcome"] == "violation", (name, call)
        assert call["kinds"] == [EAGLE_KIND]
    # raised before the original built any metadata
    assert r["forward_metadata_after_first_call"] is False
    msg = r["calls"]["init_forward_metadata"]["message"]
    for part in [
        "TRTLLMHAAttnBackend.init_forward_metadata",
        "role=draft",
        "spec_algorithm=EAGLE",
        f"sglang={version}",
        "forward_mode=DECODE",
        "active pool: MHATokenToKVPool",
        "forward_batch.token_to_kv_pool",
        "SWA pool (_swa_kv_pool): SWAKVPool",
        "is the active pool: no",
        "use_sliding_window_kv_pool: True",
        "fix:",
    ]:
        assert part in msg, part
    # graph replay has no forward batch: the pool comes from what the backend saw / stashed
    assert (
        "seen by this backend" in r["calls"]["init_forward_metadata_replay_cuda_graph"]["message"]
    )
    # multi-step draft backend: not patched itself, its real per-step children fire
    assert r["multistep_children"] == ["TRTLLMHAAttnBackend", "TRTLLMHAAttnBackend"]
    assert r["multistep_class_patched"] is False
    assert r["multistep"]["outcome"] == "violation" and r["multistep"]["kinds"] == [EAGLE_KIND]
    # the target runner on the same version is consistent
    assert_not_violation(r["target"], "target")
    assert r["guard"]["internal_errors"] == 0


def test_case1_eagle_draft_warn_logs_once_counts_all_and_runs_the_original():
    r = results("0.5.12.post1")["eagle_draft_warn"]
    # init_forward_metadata runs fully on CPU in 0.5.12: the originals completed every time
    assert [o["outcome"] for o in r["outcomes"]] == ["ok"] * 6
    # one log line per (class, role, kind): the invariant's #25103 kind, and the behavioural
    # check's translation kind (0.5.12's decode metadata translates through the target's pool)
    assert len(r["violation_logs"]) == 2
    assert all("role=draft spec_algorithm=EAGLE" in m for m in r["violation_logs"])
    assert r["guard"]["violations"] == 12
    assert r["guard"]["by_key"] == {
        f"TRTLLMHAAttnBackend|draft|{EAGLE_KIND}": 6,
        f"TRTLLMHAAttnBackend|draft|{TRANSLATE_KIND}": 6,
    }


# --- issue case 2: 0.5.23 is silent ---------------------------------------------------------


def test_case2_0_5_23_target_eagle_frozen_in_real_view_are_silent():
    r = results("0.5.23")["consistent_shapes_silent"]
    for role in ("target", "eagle_draft"):
        for name in MODERN_METADATA:
            assert_not_violation(r[role][name], (role, name))
    assert_not_violation(r["eagle_multistep"], "eagle_multistep")
    inside = r["frozen_kv_in_view"]
    assert inside["active_is_target_pool"] is True  # the real target_kv_pool_view swapped it
    assert r["frozen_swa_pool_is_target"] is True
    for name in MODERN_METADATA:
        assert_not_violation(inside[name], ("frozen", name))
    g = r["guard"]
    assert g["violations"] == 0 and g["internal_errors"] == 0
    # every call was actually checked: 3 runners x 3 calls + the first multi-step child (on CPU its
    # original stops at the triton kernel, so the loop never reaches the second child)
    assert g["checks"] == 10


def test_case2_0_5_12_frozen_kv_in_view_and_target_silent_eagle_fires():
    r = results("0.5.12.post1")["consistent_shapes_silent"]
    for name in LEGACY_METADATA:
        assert_not_violation(r["target"][name], ("target", name))
        assert_not_violation(r["frozen_kv_in_view"][name], ("frozen", name))
        assert r["eagle_draft"][name]["outcome"] == "violation"
    assert r["frozen_kv_in_view"]["active_is_target_pool"] is True


# --- issue case 3: the #26957 shape --------------------------------------------------------


@pytest.mark.parametrize("version", ["0.5.23", "0.5.12.post1"])
def test_case3_frozen_kv_resolved_from_own_pool_fires_inside_the_view(version):
    r = results(version)["frozen_26957_shape"]
    assert r["init_swa_pool"] == "None" and r["init_flag"] is False
    assert_not_violation(r["outside_view"], "outside the view")  # own pool, no SWA pool: fine
    # legacy graph-metadata calls carry no forward batch, so a FROZEN_KV draft's active pool is
    # unknowable there (the 0.5.12 views swap the batch's pool): skipped, not guessed
    checked = (
        MODERN_METADATA if version == "0.5.23" else ["init_forward_metadata", "forward_decode"]
    )
    for name in checked:
        call = r["in_view"][name]
        assert call["outcome"] == "violation", (name, call)
        assert call["kinds"] == [FROZEN_KIND]
    for name in set(LEGACY_METADATA) - set(checked) if version != "0.5.23" else ():
        assert_not_violation(r["in_view"][name], name)
    msg = r["in_view"]["init_forward_metadata"]["message"]
    assert "spec_algorithm=FROZEN_KV_MTP" in msg and "active pool: SWAKVPool" in msg
    assert "SWA pool (_swa_kv_pool): None" in msg


# --- issue case 4: off mode / broken internals --------------------------------------------------


@pytest.mark.parametrize("version", ["0.5.23", "0.5.12.post1", "0.5.9"])
def test_case4_off_mode_keeps_original_function_objects(version):
    r = results(version)["off_mode_originals"]
    assert r["after_plugin_env_unset"] and r["after_install_off"] and r["after_uninstall"]
    assert r["class_name"] == "TRTLLMHAAttnBackend" and r["class_identity_kept"]
    expected = ["__init__", "forward_decode", "forward_extend", "init_forward_metadata"] + (
        ["init_forward_metadata_out_graph"]
        if version == "0.5.23"
        else ["init_forward_metadata_capture_cuda_graph", "init_forward_metadata_replay_cuda_graph"]
    )
    # TRTLLMHAAttnBackend and FlashInferAttnBackend each define these methods
    assert sorted(set(r["wrapped_when_on"])) == sorted(expected)
    assert_not_violation(r["off_call"], "off mode call")
    assert r["installed"] is False


@pytest.mark.parametrize("version", ["0.5.23", "0.5.12.post1", "0.5.9"])
def test_case4_warn_mode_broken_internals_forward_still_runs(version):
    r = results(version)["warn_broken_internals"]
    for o in r["outcomes"]:
        assert_not_violation(o, "broken internals")
        if o["outcome"] == "original_reached":
            assert "deliberately broken" not in o["error"]
    if version != "0.5.23":  # legacy metadata runs to completion on CPU
        assert [o["outcome"] for o in r["outcomes"]] == ["ok"] * 3
        assert r["forward_metadata_built"] is True
    assert len(r["internal_error_logs"]) == 1 and "disabled" in r["internal_error_logs"][0]
    assert r["disabled"] is True
    assert r["guard"]["internal_errors"] == 1


# --- other backends, per-layer check, invariant on real pools ------------------------------------


def test_flashinfer_backend_is_guarded_where_it_exposes_the_swa_pool():
    r = results("0.5.23")["flashinfer_backend_guarded"]
    assert r["applicable"] is True and r["class"] == "FlashInferAttnBackend"
    assert_not_violation(r["consistent"], "consistent flashinfer")
    assert r["full_active_pool"]["outcome"] == "violation"
    assert r["full_active_pool"]["kinds"] == [EAGLE_KIND]
    legacy = results("0.5.12.post1")["flashinfer_backend_guarded"]
    assert legacy["applicable"] is False  # 0.5.12 FlashInfer has no _swa_kv_pool
    assert legacy["guard"]["checks"] == 0


@pytest.mark.parametrize("version", ["0.5.23", "0.5.12.post1"])
def test_per_layer_check_flags_layers_outside_the_swa_pool(version):
    r = results(version)["per_layer_check"]
    for lid in ("0", "1", "3"):
        assert_not_violation(r[lid], lid)
    assert r["42"]["outcome"] == "violation" and r["42"]["kinds"] == ["layer-not-in-swa-pool"]
    assert "layer_id=42" in r["42"]["message"]
    assert r["guard"]["checks"] == 4


@pytest.mark.parametrize("version", ["0.5.23", "0.5.12.post1"])
def test_invariant_on_real_pool_objects(version):
    r = results(version)["invariant_real_pools"]
    assert r["mapping_shared"] is True
    swa = {"p1", "p2", "p3"}
    for key, kinds in r["results"].items():
        active, pool, flag = key.split("|")
        flag = flag == "True"
        expected = set()
        if active in swa and pool == "none":
            expected.add(FROZEN_KIND)
        if pool != "none" and active not in swa:
            expected.add(EAGLE_KIND)
        if active in swa and pool in swa and pool != active:
            shares = {active, pool} == {"p1", "p3"}
            expected.add(
                "swa-pool-shares-mapping-only" if shares else "swa-pool-is-not-the-active-pool"
            )
        if flag != (pool != "none"):
            expected.add("flag-disagrees-with-swa-pool")
        assert set(kinds) == expected, key


# --- issue case 5: plugin in a spawned child, launcher ---------------------------------------


def plugin_results(version, variants):
    key = ("plugin", version, tuple(variants))
    from tests.guard import conftest

    if key not in conftest._RESULTS:
        _rc, data, _err = run_json(
            version, ["-m", "tests.guard.scenarios", "plugin_spawn", *variants]
        )
        conftest._RESULTS[key] = data
    return conftest._RESULTS[key]


MODERN_WRAPPED = [
    "__init__",
    "forward_decode",
    "forward_extend",
    "init_forward_metadata",
    "init_forward_metadata_out_graph",
]
LEGACY_WRAPPED = [
    "__init__",
    "forward_decode",
    "forward_extend",
    "init_forward_metadata",
    "init_forward_metadata_capture_cuda_graph",
    "init_forward_metadata_replay_cuda_graph",
]


def test_case5_plugin_in_spawned_child_0_5_23():
    r = plugin_results(
        "0.5.23",
        ["unset", "raise", "raise_not_allowed", "invariant2_allowed", "off_overrides_invariant"],
    )
    for variant, res in r.items():
        assert res["error"] is None, (variant, res["error"])
        assert res["main_module"] == "__mp_main__"  # really a spawned child
        # lazy: load_plugins() itself never imports the flashinfer-heavy backend module
        assert res["trtllm_imported_by_load_plugins"] is False, variant
    for variant in ("unset", "raise_not_allowed", "off_overrides_invariant"):
        assert r[variant]["wrapped"] == [] and r[variant]["mode"] == "off", variant
    for variant in ("raise", "invariant2_allowed"):
        assert r[variant]["wrapped"] == MODERN_WRAPPED, variant
        assert r[variant]["mode"] == "raise"
        logs = r[variant]["installed_logs"]
        assert len([m for m in logs if "installed on TRTLLMHAAttnBackend" in m]) == 1, logs


def test_case5_plugin_in_spawned_child_0_5_12():
    r = plugin_results("0.5.12.post1", ["unset", "raise"])
    assert r["unset"]["error"] is None and r["unset"]["wrapped"] == []
    assert r["raise"]["error"] is None and r["raise"]["wrapped"] == LEGACY_WRAPPED
    assert r["raise"]["trtllm_imported_by_load_plugins"] is False
    # every class's "installed" line names the release, pool classes patched early included
    logs = r["raise"]["installed_logs"]
    assert any("installed on TRTLLMHAAttnBackend" in m for m in logs), logs
    assert all("sglang 0.5.12.post1," in m for m in logs), logs


@pytest.mark.parametrize(
    "version,env,expect_mode",
    [
        ("0.5.9", {}, "warn"),  # the launcher's default
        ("0.5.9", {"SGLANG_KV_POOL_GUARD": "off"}, "off"),
        ("0.5.12.post1", {"SGLANG_KV_POOL_GUARD": "raise"}, "raise"),
        ("0.5.23", {"SGLANG_KV_POOL_GUARD": "raise"}, "raise"),
    ],
)
def test_case5_launcher_installs_guard_in_spawned_children(version, env, expect_mode):
    env = dict(env, KVGUARD_CHECK_PREPARE="tests.support.cpu_stubs:prepare_cpu_process")
    rc, r, stderr = run_json(version, ["-m", "guardrails.launch_server", "--kvguard-check"], env)
    assert r["error"] is None, r["error"]
    assert r["main_module"] == "__mp_main__"
    assert r["mode"] == expect_mode and r["parent_mode"] == expect_mode
    if expect_mode == "off":
        assert not any(r["wrapped"].values())
    else:
        assert all(r["wrapped"].values()) and rc == 0
        assert set(
            r["installed_methods"][
                "sglang.srt.layers.attention.trtllm_mha_backend.TRTLLMHAAttnBackend"
            ]
        ) == set(MODERN_WRAPPED if version == "0.5.23" else LEGACY_WRAPPED)


def test_launcher_check_runs_as_a_user_types_it():
    """No preparation hook: the launcher's own check copes with the dev environment, which has
    no torchvision (a named stand-in serves the import; it is reported)."""
    import importlib.util

    env = {"SGLANG_KV_POOL_GUARD": "raise", "KVGUARD_CHECK_PREPARE": ""}
    rc, r, stderr = run_json("0.5.23", ["-m", "guardrails.launch_server", "--kvguard-check"], env)
    assert r["error"] is None and rc == 0, (r, stderr[-2000:])
    assert all(r["wrapped"].values())
    has_torchvision = importlib.util.find_spec("torchvision") is not None
    assert r["stand_ins"] == ([] if has_torchvision else ["torchvision"])


@pytest.mark.parametrize("version", ["0.5.9", "0.5.23"])
def test_launcher_main_hands_arguments_to_sglangs_real_parser(version):
    """``python -m guardrails.launch_server --kv-pool-guard raise --help``: our flag is consumed,
    the rest reaches sglang's real server-args parser (which prints its help and exits 0)."""
    import subprocess

    from tests.guard.conftest import REPO, sglang_env

    python, env = sglang_env(version)
    code = (
        "import sys, runpy\n"
        "from tests.support import cpu_stubs; cpu_stubs.prepare_cpu_process()\n"
        "sys.argv = ['guardrails.launch_server', '--kv-pool-guard', 'raise', '--help']\n"
        "import os, guardrails\n"
        "try:\n"
        "    runpy.run_module('guardrails.launch_server', run_name='__main__')\n"
        "except SystemExit as exc:\n"
        "    print('EXIT', exc.code, os.environ.get('SGLANG_KV_POOL_GUARD'),"
        " guardrails.current_mode().value)\n"
    )
    proc = subprocess.run(
        [python, "-c", code], cwd=str(REPO), env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "--model-path" in proc.stdout  # sglang's own help text
    assert proc.stdout.strip().splitlines()[-1] == "EXIT 0 raise raise"
