"""FlashInfer-style wrapper dispatch that picks SLIDING_WINDOW from the layer counts of the allocator's kvcache."""

from enum import Enum, auto


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_encoder_decoder = model_runner.model_config.is_encoder_decoder
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if getattr(backing, "swa_layer_nums", 0) > 0:
            self.num_wrappers = 2
            self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW
        elif self.is_encoder_decoder:
            self.num_wrappers = 2
            self.dispatch_reason = WrapperDispatch.CROSS_ATTENTION
        else:
            self.num_wrappers = 1
            self.dispatch_reason = None

    def _kv_indices(self, wrapper_id, loc):
        if self.dispatch_reason is WrapperDispatch.SLIDING_WINDOW and wrapper_id == 0:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._kv_indices(0, loc)
