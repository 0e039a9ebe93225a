"""TRT-LLM MHA decode backend (fork of trtllm_mha_backend.py).

Avoids importing the SWA pool type: any pool that exposes a full->SWA translate hook is
treated as hybrid. The hook is looked up on the runner's own pool.
"""

from __future__ import annotations

import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_context_len: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = max_context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa", None
        )
        if self._translate is not None:
            logger.debug("trtllm_mha: hybrid SWA pool detected")

    def _page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translate is None:
            return loc
        return self._translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._page_table(loc)
