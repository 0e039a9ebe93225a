from typing import Callable, Optional

import torch


def swa_translator(token_to_kv_pool) -> Optional[Callable[[torch.Tensor], torch.Tensor]]:
    return getattr(token_to_kv_pool, "translate_loc_from_full_to_swa", None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate = swa_translator(model_runner.token_to_kv_pool)

    def forward_decode(self, loc):
        return self.kv_pool, self._translate(loc) if self._translate else loc
