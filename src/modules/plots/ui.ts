// The plots module's React components that render anywhere (client components and shared pieces).
export { PlotCountsLine, PlotCountsScript } from './plan/PlotCountsLine';
export { PlanKey, SitePlan } from './plan/SitePlan';
export { PlotOnPlan } from './plan/PlotOnPlan';
export { LivePlan } from './plan/LivePlan';
