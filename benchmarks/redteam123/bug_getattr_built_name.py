"""Generic decode backend with a configurable location translator.

The translator is looked up by name (``translate_loc_from_full_to_<kind>``) so the
same backend can serve window and chunked-local layouts.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

_TRANSLATOR_PREFIX = "translate_loc_from_full_to_"


class GeneratedAttnBackend:
    def __init__(self, model_runner, local_kind: str = "swa"):
        self.local_kind = local_kind
        self.kv_pool = model_runner.token_to_kv_pool
        source = model_runner.token_to_kv_pool_allocator
        attr_name = f"{_TRANSLATOR_PREFIX}{local_kind}"
        self.translator: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            source, attr_name, None
        )
        if self.translator is None:
            logger.debug("no %s translator; decoding on full indices", attr_name)

    def forward_decode(self, loc: torch.Tensor):
        translate = self.translator
        if callable(translate):
            return self.kv_pool, translate(loc)
        return self.kv_pool, loc
