"""Decode backend with a version shim around the SWA translation method.

``translate_loc_from_full_to_swa`` is looked up on the runner's own pool; pools
without it (plain MHA, or older hybrid builds) read full-pool locations.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.pool = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]]
        try:
            self._translate = self.pool.translate_loc_from_full_to_swa
        except (AttributeError, TypeError):
            self._translate = None
        if verbose:
            logger.info(
                "pool=%s, swa translation %s",
                type(self.pool).__name__,
                "enabled" if self._translate else "disabled",
            )

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is None:
            return self.pool, loc
        try:
            swa_loc = self._translate(loc)
        except AssertionError:
            logger.warning("full->swa mapping not registered; reading full locations")
            return self.pool, loc
        return self.pool, swa_loc
