"""Two-batch-overlap wrapper whose child runner view keeps the runner's own pool and only swaps in a fresh allocator reference."""

import copy

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _ChildBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


def _child_runner_view(model_runner):
    view = copy.copy(model_runner)
    # micro-batches share the parent's allocator; the pool stays the runner's own
    view.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
    return view


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.primary = _ChildBackend(model_runner)
        child_view = _child_runner_view(model_runner)
        self.children = [_ChildBackend(child_view) for _ in range(2)]

    def forward_decode(self, loc):
        # decode runs on the first micro-batch child
        return self.children[0].forward_decode(loc)
