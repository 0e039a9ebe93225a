"""Decode backend that probes for a full->SWA index mapping.

Runners without a hybrid SWA cache simply lack the mapping attribute; the
backend then indexes the KV buffers with full-pool locations directly.
"""

from __future__ import annotations

import logging
import operator
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_get_mapping = operator.attrgetter("token_to_kv_pool.full_to_swa_index_mapping")
_get_pool = operator.attrgetter("token_to_kv_pool")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = _get_pool(model_runner)
        try:
            self.full_to_swa: Optional[torch.Tensor] = _get_mapping(model_runner)
        except AttributeError:
            self.full_to_swa = None
        max_bs = model_runner.req_to_token_pool.size
        self.cuda_graph_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        logger.debug("full->swa mapping present: %s", self.full_to_swa is not None)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if self.full_to_swa is not None:
            torch.index_select(self.full_to_swa, 0, loc, out=self.cuda_graph_loc[:n])
        else:
            self.cuda_graph_loc[:n].copy_(loc)
        return self.kv_pool, self.cuda_graph_loc[:n].clone()
