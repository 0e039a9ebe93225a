"""Decode backend with optional full->window slot translation.

The pool this runner reads is feature-detected for the translation hook;
plain MHA/MLA pools do not define it and are read with the original slots.
"""

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

IndexTranslator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_translation: bool = False):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate: Optional[IndexTranslator] = None
        if not skip_translation and hasattr(self.kv_pool, "translate_loc_from_full_to_swa"):
            self._translate = self.kv_pool.translate_loc_from_full_to_swa

    @property
    def has_window_translation(self) -> bool:
        return self._translate is not None

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
