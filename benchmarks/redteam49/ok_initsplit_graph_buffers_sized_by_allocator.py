"""Backend with split initialisation; CUDA-graph buffers are sized from the allocator.

_init_cuda_graph_buffers asks the (possibly shared) allocator how large the
window region is so that the translated-location buffer never overflows;
_init_swa decides from the pool whether that buffer is used at all.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._init_cuda_graph_buffers(model_runner)
        self._init_swa(model_runner)
        self._init_metrics(model_runner)

    def _init_cuda_graph_buffers(self, model_runner):
        bs = getattr(model_runner, "max_running_requests", 1) or 1
        window_tokens = getattr(self._allocator, "size_swa", None) or self._allocator.size
        self.max_window_slots = int(window_tokens)
        self.graph_loc_buf = torch.zeros(bs, dtype=torch.int64, device=model_runner.device)

    def _init_swa(self, model_runner):
        translate = getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)
        self._swa_translate = translate if callable(translate) else None

    def _init_metrics(self, model_runner):
        self.stats = {"window_reads": 0, "full_reads": 0}
        logger.debug(
            "backend for %s: window slots %d, translate=%s",
            "draft" if getattr(model_runner, "is_draft_worker", False) else "target",
            self.max_window_slots,
            self._swa_translate is not None,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if max_bs > self.graph_loc_buf.numel():
            self.graph_loc_buf = torch.zeros(
                max_bs, dtype=torch.int64, device=self.graph_loc_buf.device
            )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        if self._swa_translate is None:
            self.stats["full_reads"] += 1
            return self.token_to_kv_pool, loc
        self.stats["window_reads"] += 1
        out = self._swa_translate(loc)
        return self.token_to_kv_pool, out
