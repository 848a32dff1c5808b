/** The routing module's implementations: the weighted strategy and its reader. Not API. */
package dev.keel.routing.internal;
