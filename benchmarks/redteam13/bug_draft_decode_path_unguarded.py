"""Backend with separate draft and target decode paths, the draft path translating through the allocator without the pool check."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft = model_runner.is_draft_worker
        self.use_swa = isinstance(self.pool, SWAKVPool)

    def _forward_draft_decode(self, loc):
        # Draft locations come from the shared allocator's mapping.
        loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def _forward_target_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_decode(self, loc):
        if self.is_draft:
            return self._forward_draft_decode(loc)
        return self._forward_target_decode(loc)
