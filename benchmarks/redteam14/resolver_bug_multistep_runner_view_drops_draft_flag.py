"""Multi-step draft wrapper whose per-step runner view omits is_draft_worker, so each step's resolver takes the allocator's pool."""

from types import SimpleNamespace

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _step_runner_view(model_runner, step_id):
    # lightweight view: the step backends only need pools and the spec config
    return SimpleNamespace(
        token_to_kv_pool=model_runner.token_to_kv_pool,
        token_to_kv_pool_allocator=model_runner.token_to_kv_pool_allocator,
        req_to_token_pool=model_runner.req_to_token_pool,
        spec_algorithm=model_runner.spec_algorithm,
        page_size=model_runner.page_size,
        speculative_step_id=step_id,
    )


class _StepBackend:
    def __init__(self, runner_view):
        self.token_to_kv_pool = runner_view.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(runner_view)

    @staticmethod
    def _resolve_swa_pool(runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        is_draft = getattr(runner, "is_draft_worker", False)
        if is_draft and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk=1, speculative_num_steps=4):
        self.topk = topk
        self.attn_backends = [
            _StepBackend(_step_runner_view(model_runner, step))
            for step in range(speculative_num_steps - 1)
        ]

    def forward_decode(self, loc):
        return self.attn_backends[0].forward_decode(loc)
