"""Ascend-style decode backend: the index translator's name is configurable via server args."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_DEFAULT_TRANSLATOR = "translate_loc_from_full_to_swa"


@dataclass
class TranslatorConfig:
    method_name: str = _DEFAULT_TRANSLATOR
    strict: bool = False

    @classmethod
    def from_server_args(cls, server_args) -> "TranslatorConfig":
        name = getattr(server_args, "swa_index_translator", None) or _DEFAULT_TRANSLATOR
        return cls(method_name=name, strict=bool(getattr(server_args, "enable_strict", False)))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.config = TranslatorConfig.from_server_args(model_runner.server_args)
        self._translator = getattr(
            model_runner.token_to_kv_pool_allocator, self.config.method_name, None
        )
        if self._translator is None and self.config.strict:
            raise RuntimeError(f"translator {self.config.method_name!r} not found")
        self.last_indices: Optional[torch.Tensor] = None

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translator is None:
            return loc
        return self._translator(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.last_indices = self._translate(loc)
        logger.debug("decode step with %d tokens", loc.numel())

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.last_indices
