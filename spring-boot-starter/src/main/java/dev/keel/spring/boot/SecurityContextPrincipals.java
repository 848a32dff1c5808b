package dev.keel.spring.boot;

import dev.keel.core.Principal;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The principal and the subject of the authentication on the calling thread ({@link SecurityContextHolder}), by the
 * application's {@link KeelPrincipalMapper}. Loaded only when Spring Security is on the class path. Stateless; the
 * suppliers are thread-safe and read the context of the thread that asks.
 */
final class SecurityContextPrincipals {

    private SecurityContextPrincipals() {
    }

    /** The principal of the current authentication, by the mapper; null for no principal. */
    public static Supplier<@Nullable Principal> principal(KeelPrincipalMapper mapper) {
        return () -> mapper.principal(SecurityContextHolder.getContext().getAuthentication());
    }

    /**
     * The subject of the current authentication, by the application's mapper bean, or by the default subject (the
     * authentication's name) when there is none.
     */
    public static Supplier<@Nullable String> subject(BeanFactory beans) {
        KeelPrincipalMapper mapper = beans.getBeanProvider(KeelPrincipalMapper.class)
                .getIfUnique(() -> authentication -> null);
        return () -> mapper.subject(SecurityContextHolder.getContext().getAuthentication());
    }
}
