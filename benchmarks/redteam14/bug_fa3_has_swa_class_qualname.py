"""FlashAttention-style backend that sets has_swa from the config window or the allocator's class name."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id=0, topk=0):
        self.forward_metadata = None
        self.max_context_len = model_runner.model_config.context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft_runner = model_runner.is_draft_worker
        self.speculative_step_id = speculative_step_id
        self.topk = topk

        self.sliding_window_size = model_runner.sliding_window_size
        allocator_kind = type(model_runner.token_to_kv_pool_allocator).__qualname__
        self.has_swa = (
            self.sliding_window_size is not None and self.sliding_window_size > -1
        ) or allocator_kind.startswith("SWA")

    def _swa_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc).to(torch.int64)

    def forward_decode(self, loc):
        if self.has_swa:
            return self.token_to_kv_pool, self._swa_page_table(loc)
        return self.token_to_kv_pool, loc
