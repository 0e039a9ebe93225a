"""FlashInfer decode metadata carrying an optional full->SWA translate callable."""

import logging
from dataclasses import dataclass, field
from typing import Callable, List, Optional

import torch

logger = logging.getLogger(__name__)

TranslateFn = Callable[[torch.Tensor], torch.Tensor]


@dataclass
class FlashInferDecodeMetadata:
    kv_pool: object
    translate_fn: Optional[TranslateFn] = None
    kv_last_page_len: Optional[torch.Tensor] = None
    plan_history: List[int] = field(default_factory=list)

    def kv_indices_for(self, loc: torch.Tensor) -> torch.Tensor:
        self.plan_history.append(int(loc.numel()))
        if self.translate_fn is None:
            return loc
        return self.translate_fn(loc)


class DecodeMetadataBuilder:
    def __init__(self, backend, *, kv_pool, allocator):
        self.backend = backend
        self.kv_pool = kv_pool
        self.allocator = allocator

    def build(self) -> FlashInferDecodeMetadata:
        translate = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
        return FlashInferDecodeMetadata(
            kv_pool=self.kv_pool,
            translate_fn=translate,
            kv_last_page_len=torch.ones((self.backend.max_bs,), dtype=torch.int32),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.max_bs = model_runner.max_running_requests
        self.page_size = getattr(model_runner, "page_size", 1)
        self.metadata_builder = DecodeMetadataBuilder(
            self,
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
        )
        self.forward_metadata: Optional[FlashInferDecodeMetadata] = None

    def init_forward_metadata(self):
        self.forward_metadata = self.metadata_builder.build()
        logger.debug(
            "decode metadata ready, translate=%s",
            self.forward_metadata.translate_fn is not None,
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.forward_metadata is None:
            self.init_forward_metadata()
        meta = self.forward_metadata
        return meta.kv_pool, meta.kv_indices_for(loc)
