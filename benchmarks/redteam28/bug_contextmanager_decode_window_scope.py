"""Backend that wraps each decode step in a contextlib.contextmanager scope."""

import contextlib
import logging
from dataclasses import dataclass, field
from typing import Iterator, List

import torch

logger = logging.getLogger(__name__)


@dataclass
class StepStats:
    steps: int = 0
    translated: int = 0
    history: List[int] = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self.stats = StepStats()

    @contextlib.contextmanager
    def _decode_scope(self, loc: torch.Tensor) -> Iterator[torch.Tensor]:
        self.stats.steps += 1
        try:
            translate = self.allocator.translate_loc_from_full_to_swa
        except AttributeError:
            # dense allocator: locations are already physical
            yield loc
        else:
            self.stats.translated += 1
            yield translate(loc)
        finally:
            self.stats.history.append(int(loc.numel()))
            if len(self.stats.history) > 64:
                del self.stats.history[:32]

    def forward_decode(self, loc):
        with self._decode_scope(loc) as kv_loc:
            return self.token_to_kv_pool, kv_loc
