"""Decode backend that captures the full->SWA mapping inside a per-step context manager."""

import contextlib
import logging
import operator
from typing import Iterator, Optional

import torch

logger = logging.getLogger(__name__)

_get_mapping = operator.attrgetter("full_to_swa_index_mapping")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._step_mapping: Optional[torch.Tensor] = None
        self.num_steps = 0

    @contextlib.contextmanager
    def decode_step(self) -> Iterator[None]:
        try:
            self._step_mapping = _get_mapping(self._allocator)
        except AttributeError:
            self._step_mapping = None
        try:
            yield
        finally:
            self.num_steps += 1
            self._step_mapping = None

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self._step_mapping is None:
            return loc
        return self._step_mapping[loc]

    def forward_decode(self, loc):
        with self.decode_step():
            out = self._locations(loc)
        if self.num_steps % 1000 == 0:
            logger.debug("decode step %d", self.num_steps)
        return self.kv_pool, out
