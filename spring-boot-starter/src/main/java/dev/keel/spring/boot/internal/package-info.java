/**
 * The starter's implementation: backends built from properties, documents read from resources, and the subject of a
 * chat from Spring Security.
 */
package dev.keel.spring.boot.internal;
