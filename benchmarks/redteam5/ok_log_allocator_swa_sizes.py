import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        size_swa = getattr(allocator, "size_swa", None)
        if size_swa is not None:
            logger.info(
                "hybrid allocator: %d full slots, %d sliding-window slots",
                allocator.size,
                size_swa,
            )
        self.translate = getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)

    def forward_decode(self, loc):
        if self.translate is not None:
            loc = self.translate(loc)
        return self.token_to_kv_pool, loc
