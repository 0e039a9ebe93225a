"""FlashInfer decode backend: page-table remap pre-bound with functools.partial."""

import functools
import logging
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class FlashInferDecodeState:
    kv_indices: Optional[torch.Tensor] = None
    stats: Dict[str, int] = field(default_factory=dict)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.num_kv_heads = getattr(model_runner.model_config, "num_key_value_heads", 1)
        self._remap: Callable[[torch.Tensor], torch.Tensor] = self._make_remap(
            model_runner.token_to_kv_pool_allocator
        )
        self.state = FlashInferDecodeState()

    @staticmethod
    def _make_remap(allocator) -> Callable[[torch.Tensor], torch.Tensor]:
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        if mapping is None:
            return _identity
        logger.info("flashinfer: SWA remap over %d full slots", mapping.numel())
        return functools.partial(torch.index_select, mapping, 0)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.state.kv_indices = self._remap(loc)
        self.state.stats["decode_tokens"] = self.state.stats.get("decode_tokens", 0) + int(
            loc.numel()
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.state.kv_indices
