"""Paged decode backend that records the KV layout in its per-step metadata."""

import logging
from dataclasses import dataclass, replace
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVLayoutInfo:
    hybrid_swa: bool
    page_size: int
    pool_name: str


@dataclass
class StepMetadata:
    layout: KVLayoutInfo
    seq_lens: Optional[torch.Tensor] = None
    read_loc: Optional[torch.Tensor] = None


def _describe_layout(model_runner) -> KVLayoutInfo:
    allocator = model_runner.token_to_kv_pool_allocator
    return KVLayoutInfo(
        hybrid_swa=type(allocator).__name__.startswith("SWA"),
        page_size=getattr(model_runner, "page_size", 1),
        pool_name=type(model_runner.token_to_kv_pool).__name__,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._layout = _describe_layout(model_runner)
        self.forward_metadata: Optional[StepMetadata] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None
        logger.info("decode backend over %s", self._layout)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor):
        md = StepMetadata(layout=self._layout, seq_lens=torch.ones(loc.numel(), dtype=torch.int32))
        if md.layout.hybrid_swa:
            md = replace(md, read_loc=self.kv_pool.translate_loc_from_full_to_swa(loc))
        else:
            md = replace(md, read_loc=loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.read_loc
