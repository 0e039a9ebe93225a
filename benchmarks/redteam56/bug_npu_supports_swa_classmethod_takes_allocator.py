"""Ascend NPU attention backend port: decode with optional sliding-window KV."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class AscendDecodeMetadata:
    block_tables: torch.Tensor
    seq_lens_list: list
    swa_loc: torch.Tensor = None


class GeneratedAttnBackend:
    """NPU backend; SWA support is a class-level capability of the KV setup."""

    @classmethod
    def supports_swa(cls, token_to_kv_pool_allocator) -> bool:
        # Hybrid allocators expose a separate SWA budget.
        return getattr(token_to_kv_pool_allocator, "size_swa", None) is not None

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 128)
        self.max_bs = getattr(model_runner, "max_running_requests", 16) or 16
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_enabled = self.supports_swa(model_runner.token_to_kv_pool_allocator)
        self.graph_block_tables = None
        self.forward_metadata = None
        logger.info("ascend backend: swa_enabled=%s", self.swa_enabled)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # NPU graphs ("aclgraph") reuse the same block-table buffer.
        self.graph_block_tables = torch.zeros(
            (max_bs, max(1, max_num_tokens // self.page_size)), dtype=torch.int32
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc) if self.swa_enabled else loc
        self.forward_metadata = AscendDecodeMetadata(
            block_tables=torch.zeros((1, 1), dtype=torch.int32),
            seq_lens_list=[int(loc.numel())],
            swa_loc=swa_loc,
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.swa_loc
