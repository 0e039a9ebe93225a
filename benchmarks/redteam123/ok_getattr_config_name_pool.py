"""Generic decode backend with a configurable location translator.

The translator is looked up by name on the KV pool the backend reads, so the
same code serves window and chunked-local layouts.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

_TRANSLATOR_TEMPLATE = "translate_loc_from_full_to_{kind}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, local_kind: str = "swa"):
        self.local_kind = local_kind
        self.kv_pool = model_runner.token_to_kv_pool
        attr_name = _TRANSLATOR_TEMPLATE.format(kind=local_kind)
        self.translator: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.kv_pool, attr_name, None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "translator %s=%s; allocator free=%d",
            attr_name,
            self.translator is not None,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.translator is None:
            return self.kv_pool, loc
        return self.kv_pool, self.translator(loc)
