package dev.keel.examples.support;

import dev.keel.pipeline.rules.ToolCall;
import dev.keel.pipeline.rules.ToolExecutor;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The shop's tools, over its orders and catalogue: {@code lookup_order} (the order the conversation names: item,
 * amount, days since delivery and days left to refund it), {@code find_product} (the catalogue: names, prices,
 * sizes) and {@code track_shipment} (the carrier and the status of the conversation's order). A tool that finds
 * nothing says so in its result. Immutable and thread-safe.
 */
public final class ShopTools implements ToolExecutor {

    /** How many days after delivery an order may be refunded. */
    public static final int REFUND_DAYS = 30;

    private final List<Map<String, Object>> orders;
    private final List<Map<String, Object>> products;

    ShopTools(List<Map<String, Object>> orders, List<Map<String, Object>> products) {
        this.orders = List.copyOf(orders);
        this.products = List.copyOf(products);
    }

    @Override
    public Map<String, Object> execute(ToolCall call) {
        return switch (call.tool()) {
            case "lookup_order" -> lookupOrder(call.arguments().get("order_id"));
            case "find_product" -> Map.of("catalogue", products);
            case "track_shipment" -> trackShipment(call.arguments().get("order_id"));
            default -> Map.of("error", "no tool named " + call.tool());
        };
    }

    private Map<String, Object> lookupOrder(Object orderId) {
        Map<String, Object> order = order(orderId);
        if (order == null) {
            return Map.of("order_found", false);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("order_found", true);
        result.put("order_id", order.get("order_id"));
        result.put("item", order.get("item"));
        result.put("amount", order.get("amount"));
        Object days = order.get("days_since_delivery");
        result.put("delivered", days != null);
        if (days instanceof BigDecimal delivered) {
            result.put("days_since_delivery", delivered);
            result.put("days_left_to_refund", BigDecimal.valueOf(REFUND_DAYS).subtract(delivered).max(BigDecimal.ZERO));
        }
        return result;
    }

    private Map<String, Object> trackShipment(Object orderId) {
        Map<String, Object> order = order(orderId);
        if (order == null) {
            return Map.of("order_found", false);
        }
        return Map.of("order_found", true, "carrier", order.get("carrier"), "status", order.get("tracking_status"));
    }

    private Map<String, Object> order(Object orderId) {
        return orders.stream().filter(order -> Objects.equals(order.get("order_id"), orderId)).findFirst()
                .orElse(null);
    }
}
